import { cellText, showsStoredValue } from '../cell-text';
import { GridColumn } from '../grid-column';

/** A part of a number as `toFixed` writes it below 1e21 (`-12.50`): a minus only first, one point. */
const FIXED_PART = /^-?\d*\.?\d*$/;
/** Every character `toFixed` writes, with the exponent form from 1e21 on (`1e+21`). */
const FIXED_CHARS = /^[0-9.+\-e]*$/i;

/**
 * True when a cell of the column can show a match of the query only where its stored value holds one too, so a
 * search of the stored text (`SourceFind`) finds all of the column's matches (each then checked on the shown text).
 * False for a column whose shown text may hold the query where its value does not: a locale's form, a number
 * rounded to its scale (`1.5` shown `1.50`) for a query of number characters, a matching reference caption, a
 * checkbox mark, a timestamp's space. Such columns are matched on their shown texts instead.
 */
export function storedTextFinds(column: GridColumn, query: string, expression: RegExp): boolean {
  if (showsStoredValue(column)) return true;
  if (column.checkbox) return !expression.test(cellText(column, column.checkbox.on)) && !expression.test(cellText(column, ''));
  if (column.references) {
    for (const caption of column.references.captions.values()) if (expression.test(caption)) return false;
    return true;
  }
  if (column.locale) return false;
  if (column.numeric && column.scale !== null) return !FIXED_PART.test(query) && !(FIXED_CHARS.test(query) && /[e+]/i.test(query));
  if (column.typeName === 'TIMESTAMP') return !query.includes(' ');
  // A date shows the first ten characters of its value.
  return column.typeName === 'DATE';
}

/**
 * For a column whose shown text may differ from its value: a test of the values it shows as they are, or null. A
 * number of a scaled column written with exactly `scale` fraction digits and at most 15 significant digits is what
 * `toFixed` writes for it (no leading zero, no minus zero), so the search of the stored text finds its matches.
 */
export function valuesShownAsStored(column: GridColumn): ((value: string) => boolean) | null {
  if (column.checkbox || column.references || column.locale || !column.numeric || column.scale === null || column.scale > 14) return null;
  const scale = column.scale;
  const digit = (c: number) => c >= 48 && c <= 57;
  return (value) => {
    const n = value.length;
    const first = value.charCodeAt(0) === 45 ? 1 : 0;
    let i = first;
    while (i < n && digit(value.charCodeAt(i))) i++;
    const whole = i - first;
    if (whole === 0 || whole > 15 - scale || (whole > 1 && value.charCodeAt(first) === 48)) return false;
    if (scale === 0 ? i !== n : value.charCodeAt(i) !== 46 || n - i - 1 !== scale) return false;
    let zero = whole === 1 && value.charCodeAt(first) === 48;
    for (let k = i + 1; k < n; k++) {
      const c = value.charCodeAt(k);
      if (!digit(c)) return false;
      if (c !== 48) zero = false;
    }
    return !(first === 1 && zero);
  };
}
