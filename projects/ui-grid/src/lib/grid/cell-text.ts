import { GridColumn } from './grid-column';

const CHECKED = '\u2611';
const UNCHECKED = '\u2610';

/**
 * The text a cell shows: reference captions, checkbox marks, numbers rounded to the column's `scale`, dates and
 * timestamps in ISO form. Always plain text; the grid writes it with `textContent`.
 */
export function cellText(column: GridColumn, value: string | null): string {
  if (value === null) return '';
  if (column.checkbox) return value === column.checkbox.on ? CHECKED : UNCHECKED;
  if (column.references) return column.references.captions.get(value) ?? value;
  if (column.numeric && column.scale !== null && value !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n.toFixed(column.scale) : value;
  }
  if (column.typeName === 'DATE') return value.slice(0, 10);
  if (column.typeName === 'TIMESTAMP') return value.replace('T', ' ');
  return value;
}
