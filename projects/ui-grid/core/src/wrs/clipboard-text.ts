/** A block of cell values, row by row; null for an empty (`wrs:null`) cell. */
export type CellBlock = readonly (readonly (string | null)[])[];

const TAB_QUOTE_NEEDED = /[\t\r\n"]/;
const CSV_QUOTE_NEEDED = /[,\r\n"]/;
const CSV_QUOTE_NEEDED_SEMICOLON = /[;\r\n"]/;
// OWASP's list: a spreadsheet treats text starting with these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

function quoted(text: string): string {
  return '"' + text.replace(/"/g, '""') + '"';
}

/** Tab-separated text as Excel writes it: CRLF line ends, a cell holding a tab, line break or quote is quoted. */
export function toTabText(block: CellBlock): string {
  let out = '';
  for (const row of block) {
    for (let c = 0; c < row.length; c++) {
      const v = row[c] ?? '';
      if (c > 0) out += '\t';
      out += TAB_QUOTE_NEEDED.test(v) ? quoted(v) : v;
    }
    out += '\r\n';
  }
  return out;
}

/** The field separators a CSV may use: `;` where the decimal separator is `,` (a number in a locale's form). */
export type CsvSeparator = ',' | ';';

/** One CSV field: formula-like text gets a leading `'` so spreadsheets show it as text, then RFC 4180 quoting. */
export function csvField(value: string | null, separator: CsvSeparator = ','): string {
  if (value === null || value === '') return '';
  const v = FORMULA_START.test(value) ? "'" + value : value;
  return csvQuoted(v, separator);
}

/** A CSV field as it is (no guard), quoted when it holds the separator, a line break or a quote. */
export function csvQuoted(value: string, separator: CsvSeparator = ','): string {
  return (separator === ';' ? CSV_QUOTE_NEEDED_SEMICOLON : CSV_QUOTE_NEEDED).test(value) ? quoted(value) : value;
}

/** RFC 4180 CSV (comma or the separator given, CRLF, quoted fields) with the formula-injection guard on every field. */
export function toCsv(block: CellBlock, separator: CsvSeparator = ','): string {
  const lines: string[] = new Array(block.length);
  for (let r = 0; r < block.length; r++) {
    const row = block[r];
    let line = '';
    for (let c = 0; c < row.length; c++) line += (c > 0 ? separator : '') + csvField(row[c], separator);
    lines[r] = line;
  }
  return lines.join('\r\n') + (block.length > 0 ? '\r\n' : '');
}

/**
 * Parses tab-separated clipboard text (Excel, LibreOffice, `toTabText`): a cell starting with `"` is quoted and may
 * hold tabs, line breaks and doubled quotes. LF and CRLF line ends; one trailing line end is not a row.
 * Empty cells come back as ''.
 */
export function parseTabText(text: string): string[][] {
  const rows: string[][] = [];
  if (text === '') return rows;
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    let cell: string;
    if (text[i] === '"') {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (!closed) {
        const q = text.indexOf('"', j);
        if (q < 0) break;
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          closed = true;
        }
      }
      const atEnd = j >= n || text[j] === '\t' || text[j] === '\n' || (text[j] === '\r' && text[j + 1] === '\n');
      if (closed && atEnd) {
        cell = value;
        i = j;
      } else {
        // An unterminated or trailing-text quote is literal text, as spreadsheets read it.
        const stop = nextDelimiter(text, i);
        cell = text.slice(i, stop);
        i = stop;
      }
    } else {
      const stop = nextDelimiter(text, i);
      cell = text.slice(i, stop);
      i = stop;
    }
    row.push(cell);
    if (i >= n) {
      rows.push(row);
      break;
    }
    if (text[i] === '\t') {
      i++;
      continue;
    }
    i += text[i] === '\r' ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return rows;
}

function nextDelimiter(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\t' || ch === '\n' || (ch === '\r' && text[k + 1] === '\n')) return k;
  }
  return text.length;
}
