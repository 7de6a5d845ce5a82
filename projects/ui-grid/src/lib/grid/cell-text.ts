import { canonicalCellValue, localeCellText, localeEditText } from './features/cell-locale';
import { GridColumn, referenceCopyText, referenceValueFor } from './grid-column';

const CHECKED = '\u2611';
const UNCHECKED = '\u2610';

/**
 * The text a cell shows: reference captions, checkbox marks, numbers rounded to the column's `scale`, dates and
 * timestamps in the column's locale (ISO form without one). Always plain text; the grid writes it with `textContent`.
 */
export function cellText(column: GridColumn, value: string | null): string {
  if (value === null) return '';
  if (column.checkbox) return value === column.checkbox.on ? CHECKED : UNCHECKED;
  if (column.references) return column.references.captions.get(value) ?? value;
  if (column.locale && value !== '') return localeCellText(column.locale, column, value);
  if (column.numeric && column.scale !== null && value !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n.toFixed(column.scale) : value;
  }
  if (column.typeName === 'DATE') return value.slice(0, 10);
  if (column.typeName === 'TIMESTAMP') return value.replace('T', ' ');
  return value;
}

/** True when a column shows its stored values unchanged (`cellText` returns them as they are, null as ''). */
export function showsStoredValue(column: GridColumn): boolean {
  const formatted = !!column.locale || (column.numeric && column.scale !== null) || column.typeName === 'DATE' || column.typeName === 'TIMESTAMP';
  return !column.checkbox && !column.references && !formatted;
}

/**
 * The text a copy writes for a cell: a reference's caption (`referenceCopyText`), a number or date in the column's
 * locale with all its digits (a paste in that locale reads it back exactly), else the stored value.
 */
export function cellCopyText(column: GridColumn, value: string | null): string | null {
  if (column.references) return referenceCopyText(column.references, value);
  return column.locale && value !== null ? localeEditText(column.locale, column, value) : value;
}

/** The value to store for a text typed or pasted into a cell: a reference's id, a number or date made canonical. */
export function cellValueFor(column: GridColumn, text: string): string {
  if (column.references) return referenceValueFor(column.references, text);
  return column.locale ? canonicalCellValue(column.locale, column, text) : text;
}
