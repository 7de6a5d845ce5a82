import { ownValue } from '../data-provider/own-keys';
import { WrsError } from '../errors';
import { scaleOf } from '../wrs/apply-scale';
import { CsvSeparator, csvField, csvQuoted, toCsv } from '../wrs/clipboard-text';
import { cellAt, cellValue, rowState } from '../rows/row-states';
import { isNumericType } from '../rows/new-rows';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';

/** A column as an export writes it: id, caption, SQL type and scale from the Wrs header (null: no scale, as `applyScale` reads it). */
export interface ExportColumn {
  readonly id: string;
  readonly caption: string;
  readonly typeName: string;
  readonly scale: number | null;
  /** The text written for stored values (`WrsExportOptions.valueCaptions`), if any. */
  readonly valueCaptions?: ReadonlyMap<string, string>;
}

/** What to export; by default every row that is not deleted, every column, in document order. */
export interface WrsExportOptions {
  /** The rows to write (for example the rows the current filter shows), in the order given. */
  rows?: readonly Element[];
  /**
   * Without `rows`: the rows of this row store, read from their entries (its document not built; the document given
   * is the store's, for the header), every row that is not deleted in order.
   */
  store?: RowStore;
  /**
   * With `store`: the store positions (0-based) of the rows to write, in this order (a view's filtered, sorted rows);
   * deleted rows among them are left out. Default: every row of the store.
   */
  storeRows?: readonly number[];
  /** Column ids to write, in this order. */
  columns?: readonly string[];
  /** Captions by column id, overriding the header's (for example after i18n lookup). */
  captions?: Readonly<Record<string, string>>;
  /**
   * The text shown for stored values, by column id (a reference column's captions): a cell whose value has an entry
   * is written as that text, as the grid shows it; other values are written as stored.
   */
  valueCaptions?: Readonly<Record<string, ReadonlyMap<string, string>>>;
}

/** How `wrsToCsv` writes fields; by default canonical values (`-1234.5`, `2026-02-02`) separated by commas. */
export interface WrsCsvOptions extends WrsExportOptions {
  /** The field separator: `;` where `csvText` writes numbers with a decimal comma. */
  separator?: CsvSeparator;
  /**
   * The text written for a stored value that has no caption (a number or date in a locale's form). The formula guard
   * applies to the text written; a negative number of a numeric column stays unguarded when its stored value is one.
   */
  csvText?: (value: string, column: ExportColumn) => string;
}

const INTEGER_TYPES = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT']);
const DATE_TYPES = new Set(['DATE']);
const TIMESTAMP_TYPES = new Set(['TIMESTAMP']);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const EXCEL_FIRST_EXACT_DAY = Date.UTC(1900, 2, 1);

/** The columns of an export, with their captions and types. Unknown ids raise UNKNOWN_COLUMN. */
export function exportColumns(index: WrsIndex, options: WrsExportOptions = {}): ExportColumn[] {
  const all = index.columns();
  const chosen = options.columns
    ? options.columns.map((id) => {
        const column = index.column(id);
        if (!column) throw new WrsError('UNKNOWN_COLUMN', `No column "${id}" to export`, id);
        return column;
      })
    : all;
  return chosen.map((c) => ({
    id: c.id,
    caption: ownValue(options.captions, c.id) ?? c.element.getAttribute('caption') ?? c.id,
    typeName: (c.element.getAttribute('type-name') ?? 'VARCHAR').toUpperCase(),
    scale: scaleOf(c.element),
    ...(ownValue(options.valueCaptions, c.id) ? { valueCaptions: ownValue(options.valueCaptions, c.id) } : {}),
  }));
}

/** The rows of an export: the id of each and its cell texts (no header). */
interface ExportTable {
  readonly ids: (string | null)[];
  readonly texts: (string | null)[][];
}

function exportTable(index: WrsIndex, columns: readonly ExportColumn[], options: WrsExportOptions): ExportTable {
  const positions = columns.map((c) => index.columnPos(c.id));
  const ids: (string | null)[] = [];
  const texts: (string | null)[][] = [];
  const { store } = options;
  if (store && !options.rows) {
    // A row's cells in one pass: about a third of cutting them one by one (100,000 x 20 in Node), and of whole-column reads.
    const last = Math.max(0, ...positions);
    for (const r of options.storeRows ?? Array.from({ length: store.rowCount }, (_, r) => r)) {
      if (store.state(r) === 'D') continue;
      const cells = store.cellValues(r, last);
      ids.push(store.id(r));
      texts.push(positions.map((pos) => cells[pos - 1]));
    }
    return { ids, texts };
  }
  for (const row of options.rows ?? index.rows().filter((r) => rowState(r) !== 'D')) {
    ids.push(row.getAttribute('id'));
    texts.push(positions.map((pos) => {
      const cell = cellAt(row, pos);
      return cell ? cellValue(cell) : null;
    }));
  }
  return { ids, texts };
}

/** The text written for a stored value: its caption where the column has one for it. */
function shownText(value: string | null, column: ExportColumn): string | null {
  return value === null ? null : (column.valueCaptions?.get(value) ?? value);
}

/** A negative number of a numeric column: no formula, so written without the guard's `'` (which made it text). */
const NEGATIVE_NUMBER = /^-(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * RFC 4180 CSV with a header row of captions and the formula-injection guard on every field but numbers; with
 * `separator` and `csvText` (options) fields in another separator and values in another form.
 */
export function wrsToCsv(doc: Document, options: WrsCsvOptions = {}): string {
  const index = WrsIndex.of(doc);
  const columns = exportColumns(index, options);
  const values = exportTable(index, columns, options).texts;
  const separator = options.separator ?? ',';
  const { csvText } = options;
  const field = (value: string | null, column: ExportColumn) => {
    const shown = shownText(value, column);
    // The guard's exception is decided on the stored value: `-1,5` in a locale is the number -1.5, `-1+2` is no number.
    const number = value !== null && shown === value && isNumericType(column.typeName) && NEGATIVE_NUMBER.test(value);
    const text = csvText && shown !== null && shown === value && value !== '' ? csvText(value, column) : shown;
    return number && text !== null ? csvQuoted(text, separator) : csvField(text, separator);
  };
  let csv = toCsv([columns.map((c) => c.caption)], separator);
  for (const row of values) csv += row.map((v, k) => field(v, columns[k])).join(separator) + '\r\n';
  return csv;
}

/** The Excel number format of a column type and scale, or null for text. */
export function excelNumberFormat(column: ExportColumn): string | null {
  if (INTEGER_TYPES.has(column.typeName)) return '0';
  if (DATE_TYPES.has(column.typeName)) return 'yyyy-mm-dd';
  if (TIMESTAMP_TYPES.has(column.typeName)) return 'yyyy-mm-dd hh:mm:ss';
  if (isNumericType(column.typeName)) return column.scale !== null && column.scale > 0 ? `0.${'0'.repeat(column.scale)}` : column.scale === 0 ? '0' : 'General';
  return null;
}

function typedValue(text: string | null, column: ExportColumn): string | number | boolean | Date | null {
  if (text === null || text === '') return null;
  // A value written as its caption is text, whatever the column's type (a value that is its own caption keeps its type).
  const caption = column.valueCaptions?.get(text);
  if (caption !== undefined && caption !== text) return caption;
  if (isNumericType(column.typeName)) {
    // A number a double holds as written; more than 15 significant digits (a BIGINT id) would change, so stays text.
    // Only decimal notation is a number: Number() also reads '0x10', '0b1' and 'Infinity'.
    const trimmed = text.trim();
    if (!DECIMAL.test(trimmed)) return text;
    const n = Number(trimmed);
    const digits = trimmed.replace(/^[+-]/, '').replace(/[eE].*$/, '').replace('.', '').replace(/^0+/, '').length;
    // 1e-400 is no 0 (a double cannot hold it): text, as 1e400 is.
    return Number.isFinite(n) && digits <= 15 && (n !== 0 || digits === 0) ? n : text;
  }
  if (DATE_TYPES.has(column.typeName) || TIMESTAMP_TYPES.has(column.typeName)) {
    // The wall-clock time as written, as the grid shows it: `new Date()` reads a text without a zone as local time
    // and shifted every exported timestamp by the viewer's UTC offset. A zone, where given, is not applied either.
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
    // A clock time out of range would roll over into another day (99:00, 10:75): such text stays text.
    if (!m || +(m[4] ?? 0) > 23 || +(m[5] ?? 0) > 59 || +(m[6] ?? 0) > 59) return text;
    const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), +((m[7] ?? '0').padEnd(3, '0'))));
    if (+m[1] < 100) date.setUTCFullYear(+m[1]);
    // Excel's 1900 date system has no dates before 1900 and counts the first two months of 1900 one day off (its
    // 1900-02-29): such dates stay the text written.
    return Number.isNaN(date.getTime()) || date.getUTCMonth() !== +m[2] - 1 || date.getTime() < EXCEL_FIRST_EXACT_DAY ? text : date;
  }
  if (column.typeName === 'BOOLEAN') {
    // As the server reads booleans (any case); any other text stays text rather than becoming FALSE.
    const word = text.trim().toLowerCase();
    return word === 'true' || word === '1' ? true : word === 'false' || word === '0' ? false : text;
  }
  return text;
}

// Excel's own limits: a file beyond them is one Excel "repairs" by cutting the data, so it is refused instead.
const EXCEL_MAX_ROWS = 1_048_576;
const EXCEL_MAX_COLUMNS = 16_384;
const EXCEL_MAX_CELL_CHARS = 32_767;

/** Refuses an export Excel could only open by cutting it: too many rows or columns, or a caption too long. */
function checkExcelLimits(columns: readonly ExportColumn[], rows: number): void {
  if (rows + 1 > EXCEL_MAX_ROWS) {
    throw new WrsError('EXPORT_LIMIT', `XLSX export: ${rows} rows and the header exceed Excel's ${EXCEL_MAX_ROWS} rows; export CSV instead`, rows);
  }
  if (columns.length > EXCEL_MAX_COLUMNS) {
    throw new WrsError('EXPORT_LIMIT', `XLSX export: ${columns.length} columns exceed Excel's ${EXCEL_MAX_COLUMNS}; export CSV instead`, columns.length);
  }
  const header = columns.find((c) => c.caption.length > EXCEL_MAX_CELL_CHARS);
  if (header) {
    throw new WrsError('EXPORT_LIMIT', `XLSX export: the caption of column "${header.id}" holds ${header.caption.length} characters; an Excel cell holds at most ${EXCEL_MAX_CELL_CHARS}`, header.id);
  }
}

/** A cell's value as written to the sheet; text longer than an Excel cell holds raises EXPORT_LIMIT naming the cell. */
function excelCellValue(text: string | null, column: ExportColumn, rowId: string | null): ReturnType<typeof typedValue> {
  const value = typedValue(text, column);
  if (typeof value === 'string' && value.length > EXCEL_MAX_CELL_CHARS) {
    throw new WrsError(
      'EXPORT_LIMIT',
      `XLSX export: row "${rowId}", column "${column.id}" holds ${value.length} characters; an Excel cell holds at most ${EXCEL_MAX_CELL_CHARS}; export CSV instead`,
      { rowId, colId: column.id, length: value.length },
    );
  }
  return typeof value === 'string' ? excelText(value) : value;
}

/**
 * Text as an XLSX file must hold it: a sheet's XML cannot carry a carriage return (a reader makes it a line feed) or
 * most control characters, so they are written as Excel writes them, `_xHHHH_`; and text that reads as such an
 * escape (`_x0041_`) has its underscore escaped (`_x005F_`), or Excel would read `A`.
 */
export function excelText(text: string): string {
  return EXCEL_ESCAPED.test(text) ? text.replace(EXCEL_ESCAPES, (m) => (m.length > 1 ? `_x005F_${m.slice(1)}` : `_x${m.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)) : text;
}

// eslint-disable-next-line no-control-regex
const EXCEL_ESCAPED = /_x[0-9A-Fa-f]{4}_|[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const EXCEL_ESCAPES = /_x[0-9A-Fa-f]{4}_|[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A worksheet name Excel opens: `\ / ? * [ ] :` become blanks, no apostrophe at either end, at most 31 characters
 * (never half of a surrogate pair). "History" is Excel's own: INVALID_ARGUMENT.
 */
function excelSheetName(name: string): string {
  let cleaned = name.replace(/[\\/?*[\]:]/g, ' ').replace(/^'+|'+$/g, '');
  if (cleaned.length > 31) {
    let cut = '';
    for (const ch of cleaned) {
      if (cut.length + ch.length > 31) break;
      cut += ch;
    }
    cleaned = cut.replace(/'+$/, '');
  }
  if (cleaned.toLowerCase() === 'history') throw new WrsError('INVALID_ARGUMENT', 'XLSX export: Excel reserves the sheet name "History"', name);
  return cleaned.trim() === '' ? 'Data' : cleaned;
}

type ExcelJsModule = typeof import('exceljs');

// exceljs is loaded on the first XLSX export only, so apps that never export do not download it.
async function loadExcelJs(): Promise<ExcelJsModule> {
  const mod = (await import('exceljs')) as ExcelJsModule & { default?: ExcelJsModule };
  return mod.default?.Workbook ? mod.default : mod;
}

/**
 * An XLSX workbook (one sheet) with a bold header row of captions; numbers, dates and booleans are typed cells
 * with formats by type and scale, text stays text (never a formula). Data beyond Excel's limits (1,048,576 rows,
 * 16,384 columns, 32,767 characters a cell) raises `EXPORT_LIMIT` naming the row and column, rather than a file
 * Excel would cut.
 */
export async function wrsToXlsx(doc: Document, options: WrsExportOptions & { sheetName?: string } = {}): Promise<Uint8Array> {
  const index = WrsIndex.of(doc);
  const columns = exportColumns(index, options);
  const { ids, texts } = exportTable(index, columns, options);
  checkExcelLimits(columns, texts.length);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(excelSheetName(options.sheetName ?? 'Data'));
  sheet.columns = columns.map((c) => {
    const numFmt = excelNumberFormat(c);
    return { header: excelText(c.caption), key: c.id, width: Math.min(60, Math.max(10, c.caption.length + 2)), ...(numFmt ? { style: { numFmt } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  texts.forEach((row, r) => sheet.addRow(row.map((text, k) => excelCellValue(text, columns[k], ids[r]))));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
