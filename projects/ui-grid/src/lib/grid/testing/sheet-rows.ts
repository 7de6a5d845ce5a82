/** The rows of an exported XLSX file's first sheet, each as JSON (exceljs's unused index 0 first), for comparing exports. */
export async function sheetRows(blob: Blob): Promise<string[]> {
  const mod = (await import('exceljs')) as typeof import('exceljs') & { default?: typeof import('exceljs') };
  const ExcelJS = mod.default?.Workbook ? mod.default : mod;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0].getSheetValues().map((row) => JSON.stringify(row));
}
