import { wrsToCsv, wrsToXlsx } from 'ngx-wrs-grid/core';

/** The export formats of the grid. */
export type GridExportFormat = 'csv' | 'xlsx';

/** What a grid export writes: the rows (null: every row not deleted), shown columns, their shown captions and shown values. */
export interface GridExportContent {
  readonly rows: readonly Element[] | null;
  readonly columns: readonly string[];
  readonly captions: Readonly<Record<string, string>>;
  /** The captions reference columns show for their stored values, by column id: written as shown. */
  readonly valueCaptions?: Readonly<Record<string, ReadonlyMap<string, string>>>;
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
    columns: content.columns,
    captions: content.captions,
    valueCaptions: content.valueCaptions,
  };
  if (format === 'csv') return new Blob(['\uFEFF', wrsToCsv(doc, options)], { type: MIME.csv });
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
