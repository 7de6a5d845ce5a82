/** Characters that make a spreadsheet read a cell as a formula (CSV/TSV formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value as TSV text: formula-like text that is not a number gets a leading `'` so spreadsheets keep it as text. */
function tsvCell(value: string | null): string {
  if (value === null) return '';
  const flat = value.replace(/[\t\r\n]+/g, ' ');
  return FORMULA_START.test(flat) && !Number.isFinite(Number(flat)) ? `'${flat}` : flat;
}

/** Rows of cell values as tab-separated text, one line per row. */
export function formatTsv(rows: readonly (readonly (string | null)[])[]): string {
  return rows.map((r) => r.map(tsvCell).join('\t')).join('\n');
}

/** Tab-separated text as rows of cells; a trailing line break (spreadsheets add one) adds no row. */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}
