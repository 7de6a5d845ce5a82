import { ExportColumn, RowStore, WrsCsvOptions, wrsToCsv, wrsToXlsx } from 'ngx-wrs-grid/core';
import { GridColumn } from '../grid-column';
import { localeEditText } from './cell-locale';

/** The export formats of the grid. */
export type GridExportFormat = 'csv' | 'xlsx';

/** What a grid export writes: the rows (null: every row not deleted), shown columns, their shown captions and shown values. */
export interface GridExportContent {
  readonly rows: readonly Element[] | null;
  /** Without rows: the rows of this store, its document not built (every row not deleted). */
  readonly store?: RowStore | null;
  /** With `store`: the store positions of the rows to write in view order (a filter or sort); absent: every row. */
  readonly storeRows?: readonly number[] | null;
  readonly columns: readonly string[];
  readonly captions: Readonly<Record<string, string>>;
  /** The captions reference columns show for their stored values, by column id: written as shown. */
  readonly valueCaptions?: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /** CSV only: the separator and the form values are written in (`csvInLocale`); absent: canonical values, commas. */
  readonly csv?: Pick<WrsCsvOptions, 'separator' | 'csvText'>;
}

/** What an export may be asked for besides format and rows. */
export interface GridExportOptions {
  /**
   * CSV with numbers and dates as the grid's locale shows them (all digits of a number kept) and `;` between fields
   * where the locale's decimal separator is `,`; default: the grid's `csvInLocale` input.
   */
  readonly csvInLocale?: boolean;
}

/**
 * The CSV form of the grid's locale for these columns: values as an editor shows them (a number with all its digits,
 * dates in the short form), `;` between fields where the decimal separator is `,`. Null without a locale.
 */
export function localeCsv(columns: readonly GridColumn[]): GridExportContent['csv'] | null {
  const byId = new Map(columns.filter((c) => c.locale).map((c) => [c.id, c]));
  const locale = byId.values().next().value?.locale;
  if (!locale) return null;
  return {
    separator: locale.decimal === ',' ? ';' : ',',
    csvText: (value: string, column: ExportColumn) => {
      const shown = byId.get(column.id);
      return shown?.locale ? localeEditText(shown.locale, shown, value) : value;
    },
  };
}

const MIME: Record<GridExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file name of an export: `exportFileName` (default "export") with the format's extension. */
export function exportFileNameFor(name: string | null, format: GridExportFormat): string {
  const base = (name ?? '').trim() || 'export';
  return base.toLowerCase().endsWith(`.${format}`) ? base : `${base}.${format}`;
}

/**
 * The bytes of a grid export: RFC 4180 CSV with the formula guard (a UTF-8 BOM so spreadsheet programs read the
 * encoding), or typed XLSX through exceljs. Deleted rows are never written.
 */
export async function exportBytes(doc: Document, format: GridExportFormat, content: GridExportContent): Promise<Blob> {
  const options = {
    rows: content.rows ? content.rows.filter((r) => r.localName !== 'D') : undefined,
    ...(content.store && !content.rows ? { store: content.store, ...(content.storeRows ? { storeRows: content.storeRows } : {}) } : {}),
    columns: content.columns,
    captions: content.captions,
    valueCaptions: content.valueCaptions,
  };
  if (format === 'csv') return new Blob(['\uFEFF', wrsToCsv(doc, { ...options, ...content.csv })], { type: MIME.csv });
  const bytes = await wrsToXlsx(doc, options);
  return new Blob([bytes as BlobPart], { type: MIME.xlsx });
}

/** Offers a file for download through a temporary link. */
export function downloadBlob(doc: Document, blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
