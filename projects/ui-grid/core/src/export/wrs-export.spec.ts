import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { RowStore } from '../rows/row-store';
import { domName, wrsText } from '../../testing/fixtures';
import { excelNumberFormat, exportColumns, wrsToCsv, wrsToXlsx } from './wrs-export';

function ordersDoc(): Document {
  const text = wrsText(
    [
      { id: 'name' },
      { id: 'qty', type: 'INTEGER' },
      { id: 'price', type: 'NUMERIC', scale: 2 },
      { id: 'day', type: 'DATE' },
    ],
    [
      ['Anna', '3', '19.9', '2026-01-04'],
      ['=HYPERLINK("http://x")', '5', '249', '2026-01-05'],
      ['say "hi", then go', null, '4.5', null],
    ],
  );
  return parseXml(text);
}

/** The workbook an XLSX export wrote, read back with exceljs. */
async function readXlsx(bytes: Uint8Array): Promise<import('exceljs').Workbook> {
  const mod = (await import('exceljs')) as typeof import('exceljs') & { default?: typeof import('exceljs') };
  const ExcelJS = mod.default?.Workbook ? mod.default : mod;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

describe(`export (${domName()})`, () => {
  it('wrsToCsv writes RFC 4180 with a caption header and guards formula-like cells', () => {
    const csv = wrsToCsv(ordersDoc());
    expect(csv).toBe(
      'NAME,QTY,PRICE,DAY\r\n' +
        'Anna,3,19.9,2026-01-04\r\n' +
        `"'=HYPERLINK(""http://x"")",5,249,2026-01-05\r\n` +
        '"say ""hi"", then go",,4.5,\r\n',
    );
  });

  it('wrsToCsv writes negative numbers of numeric columns as numbers; text columns and formulas stay guarded', () => {
    const doc = parseXml(
      wrsText(
        [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'price', type: 'NUMERIC', scale: 2 }],
        [
          ['-2', '-3', '-1.50'],
          ['x', '-1e3', '-1+2'],
          ['y', '-.5', '=1+2'],
        ],
      ),
    );
    expect(wrsToCsv(doc)).toBe("NAME,QTY,PRICE\r\n'-2,-3,-1.50\r\nx,-1e3,'-1+2\r\ny,-.5,'=1+2\r\n");
  });

  it('wrsToCsv exports the rows and columns given (the current filter), with caption overrides', () => {
    const doc = ordersDoc();
    const index = WrsIndex.of(doc);
    const csv = wrsToCsv(doc, { rows: [index.rowById('R3')!, index.rowById('R1')!], columns: ['qty', 'name'], captions: { name: 'Kunde' } });
    expect(csv).toBe('QTY,Kunde\r\n,"say ""hi"", then go"\r\n3,Anna\r\n');
  });

  it('writes reference values as the captions given for them (valueCaptions), other values as stored', () => {
    const doc = ordersDoc();
    const names = new Map([['Anna', 'Anna Berg'], ['nobody', 'No one']]);
    const qty = new Map([['3', 'three'], ['5', '5']]);
    const csv = wrsToCsv(doc, { columns: ['name', 'qty'], valueCaptions: { name: names, qty } });
    expect(csv).toBe('NAME,QTY\r\nAnna Berg,three\r\n' + `"'=HYPERLINK(""http://x"")",5\r\n` + '"say ""hi"", then go",\r\n');
  });

  it('wrsToCsv with separator and csvText writes values in another form, semicolons quoted, the formula guard kept', () => {
    const doc = parseXml(
      wrsText(
        [{ id: 'name' }, { id: 'price', type: 'NUMERIC', scale: 2 }, { id: 'day', type: 'DATE' }],
        [
          ['a;b', '-1.5', '2026-01-04'],
          ['=1+2', '1234.56', null],
          ['-x', '-1+2', ''],
        ],
      ),
    );
    const german = (value: string, column: { typeName: string }) =>
      column.typeName === 'DATE' ? value.split('-').reverse().join('.') : column.typeName === 'NUMERIC' ? value.replace('.', ',') : value;
    expect(wrsToCsv(doc, { separator: ';', csvText: german })).toBe(
      'NAME;PRICE;DAY\r\n' + '"a;b";-1,5;04.01.2026\r\n' + "'=1+2;1234,56;\r\n" + "'-x;'-1+2;\r\n",
    );
  });

  it('wrsToCsv keeps commas of a value in another form quoted when the separator stays a comma', () => {
    const doc = parseXml(wrsText([{ id: 'n', type: 'NUMERIC' }], [['-0.5'], ['2.25']]));
    expect(wrsToCsv(doc, { csvText: (v) => v.replace('.', ',') })).toBe('N\r\n"-0,5"\r\n"2,25"\r\n');
  });

  it('leaves deleted rows out by default', () => {
    const doc = parseXml(
      wrsText([{ id: 'a' }], [['kept'], ['gone']]).replace('<wrs:R id="R2"><wrs:C>gone</wrs:C></wrs:R>', '<wrs:D id="R2"><wrs:C>gone</wrs:C></wrs:D>'),
    );
    expect(wrsToCsv(doc)).toBe('A\r\nkept\r\n');
  });

  it('raises UNKNOWN_COLUMN for a column that is not in the header', () => {
    expect(() => wrsToCsv(ordersDoc(), { columns: ['nope'] })).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_COLUMN' && e.input === 'nope');
  });

  it('number formats follow type and scale', () => {
    const columns = exportColumns(WrsIndex.of(ordersDoc()));
    expect(columns.map(excelNumberFormat)).toEqual([null, '0', '0.00', 'yyyy-mm-dd']);
  });

  it('reads @scale as applyScale does: empty, fractional, negative or other text is no scale', () => {
    const columns = [{ id: 'a', type: 'NUMERIC', scale: 0 }, ...['', '1.5', '-1', 'x', '1001'].map((_, i) => ({ id: `n${i}`, type: 'NUMERIC' }))];
    let text = wrsText(columns, [['1', '2', '3', '4', '5', '6']]);
    ['', '1.5', '-1', 'x', '1001'].forEach((scale, i) => (text = text.replace(`id="n${i}"`, `id="n${i}" scale="${scale}"`)));
    const exported = exportColumns(WrsIndex.of(parseXml(text)));
    expect(exported.map((c) => c.scale)).toEqual([0, null, null, null, null, null]);
    expect(exported.map(excelNumberFormat)).toEqual(['0', 'General', 'General', 'General', 'General', 'General']);
  });

  it('writes the rows of a row store from their entries, as from the parsed document, building none', async () => {
    const text = wrsText(
      [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'day', type: 'DATE' }],
      Array.from({ length: 50 }, (_, r) => [r === 3 ? '=1+1' : `n "${r}", x`, r % 5 ? String(r - 10) : null, `2026-01-${String((r % 28) + 1).padStart(2, '0')}`]),
    ).replace('<wrs:R id="R7">', '<wrs:D id="R7">').replace(/(<wrs:D id="R7">.*?)<\/wrs:R>/, '$1</wrs:D>');
    const store = RowStore.open(text)!;
    store.scan();
    const options = { columns: ['day', 'name', 'qty'], captions: { qty: 'Quantity' } };
    expect(wrsToCsv(store.document, { ...options, store })).toBe(wrsToCsv(parseXml(text), options));
    const fromStore = await readXlsx(await wrsToXlsx(store.document, { ...options, store }));
    const fromDoc = await readXlsx(await wrsToXlsx(parseXml(text), options));
    const values = (w: import('exceljs').Workbook) => w.worksheets[0].getSheetValues().map((row) => JSON.stringify(row));
    expect(values(fromStore)).toEqual(values(fromDoc));
    // exceljs's unused index 0, the header, the 49 rows not deleted.
    expect(values(fromStore).length).toBe(51);
    expect(store.builtRowCount).toBe(0);
  });

  it('writes the store rows given (a filtered, sorted view) from their entries, as those rows of the document, building none', async () => {
    const text = wrsText(
      [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'day', type: 'DATE' }],
      Array.from({ length: 30 }, (_, r) => [r === 4 ? '@SUM(A1)' : `n ${r}`, r % 4 ? String(10 - r) : null, `2026-02-${String((r % 28) + 1).padStart(2, '0')}`]),
    );
    // The same writes on two stores: one exported from its entries, one built for the DOM path.
    const write = (store: RowStore) => {
      store.setCell(2, 1, '=cmd|x');
      store.deleteRow(5);
      store.insertRows(8, store.id(8), [['new', '-3', null]]);
      return store;
    };
    const store = write(RowStore.open(text)!);
    const doc = write(RowStore.open(text)!).materialize();
    const storeRows = [20, 2, 5, 8, 4, 0, 13];
    const index = WrsIndex.of(doc);
    const rows = storeRows.map((r) => index.rowAt(r + 1)!).filter((row) => row.localName !== 'D');
    const options = { columns: ['qty', 'name', 'day'], captions: { name: 'Name' } };
    const csv = wrsToCsv(store.document, { ...options, store, storeRows });
    // Row 5 is deleted: left out. Formulas stay guarded; a negative number of a numeric column is a number.
    expect(csv).toBe(wrsToCsv(doc, { ...options, rows }));
    expect(csv.split('\r\n').slice(1, 5)).toEqual(['-9,n 19,2026-02-20', "8,'=cmd|x,2026-02-03", '-3,new,', ",'@SUM(A1),2026-02-05"]);
    const values = (w: import('exceljs').Workbook) => w.worksheets[0].getSheetValues().map((row) => JSON.stringify(row));
    const fromStore = await readXlsx(await wrsToXlsx(store.document, { ...options, store, storeRows }));
    expect(values(fromStore)).toEqual(values(await readXlsx(await wrsToXlsx(doc, { ...options, rows }))));
    expect(values(fromStore).length).toBe(1 + 1 + rows.length);
    expect(store.builtRowCount).toBe(0);
  });

  it('wrsToXlsx writes typed cells with captions, formats by scale, and text that stays text', async () => {
    const bytes = await wrsToXlsx(ordersDoc(), { sheetName: 'Orders' });
    expect(bytes[0]).toBe(0x50);
    expect(bytes[1]).toBe(0x4b);
    const workbook = await readXlsx(bytes);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'NAME', 'QTY', 'PRICE', 'DAY'] as never);
    expect(sheet.getCell('A3').value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B2').value).toBe(3);
    expect(sheet.getCell('C2').value).toBe(19.9);
    expect(sheet.getCell('C2').numFmt).toBe('0.00');
    expect((sheet.getCell('D2').value as Date).toISOString()).toBe('2026-01-04T00:00:00.000Z');
    expect(sheet.getCell('B4').value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });

  it('wrsToXlsx writes timestamps as the wall-clock time written (no shift by the viewer\'s zone), long ids and blanks as text', async () => {
    const doc = parseXml(
      wrsText(
        [{ id: 'at', type: 'TIMESTAMP' }, { id: 'id', type: 'BIGINT' }, { id: 'n', type: 'NUMERIC' }],
        [
          ['2024-01-15T10:30:00', '9007199254740993', ' '],
          ['2024-01-15 10:30:00.250', '-12', '-0.5'],
          ['2024-01-15T10:30:00+02:00', '12', '7'],
        ],
      ),
    );
    const bytes = await wrsToXlsx(doc, { sheetName: 'S' });
    const workbook = await readXlsx(bytes);
    const sheet = workbook.getWorksheet('S')!;
    expect((sheet.getCell('A2').value as Date).toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect((sheet.getCell('A3').value as Date).toISOString()).toBe('2024-01-15T10:30:00.250Z');
    expect((sheet.getCell('A4').value as Date).toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect(sheet.getCell('B2').value).toBe('9007199254740993');
    expect(sheet.getCell('B3').value).toBe(-12);
    expect(sheet.getCell('C2').value).toBe(' ');
    expect(sheet.getCell('C3').value).toBe(-0.5);
  });

  it('wrsToXlsx keeps carriage returns, control characters and text that reads as an Excel escape, in cells and captions', async () => {
    const text = wrsText([{ id: 't' }, { id: 'u' }], [['l1\r\nl2', '_x0041_ A_x000D_B'], ['bell\u0007 tab\t', 'plain']]);
    const doc = parseXml(text.replace('caption="T"', 'caption="a&#13;b_x0041_"').replace('l1\r\nl2', 'l1&#13;\nl2').replace('\u0007', ''));
    const cell = WrsIndex.of(doc).rowAt(2)!.getElementsByTagNameNS(NS.wrs, 'C')[0];
    cell.firstChild!.nodeValue = 'bell\u0007 tab\t';
    const sheet = (await readXlsx(await wrsToXlsx(doc))).worksheets[0];
    expect(sheet.getCell('A1').value).toBe('a\rb_x0041_');
    expect(sheet.getCell('A2').value).toBe('l1\r\nl2');
    expect(sheet.getCell('B2').value).toBe('_x0041_ A_x000D_B');
    expect(sheet.getCell('A3').value).toBe('bell\u0007 tab\t');
    expect(sheet.getCell('B3').value).toBe('plain');
  });

  it('wrsToXlsx writes clock times out of range and numbers a double cannot hold as text', async () => {
    const doc = parseXml(
      wrsText(
        [{ id: 'at', type: 'TIMESTAMP' }, { id: 'n', type: 'NUMERIC' }],
        [['2026-01-04 99:00', '1e-400'], ['2026-03-31 10:75', '0.000'], ['2026-01-04T24:00:00', '-0'], ['2026-01-04 23:59:59', '1e-300']],
      ),
    );
    const sheet = (await readXlsx(await wrsToXlsx(doc))).worksheets[0];
    expect(['A2', 'A3', 'A4'].map((a) => sheet.getCell(a).value)).toEqual(['2026-01-04 99:00', '2026-03-31 10:75', '2026-01-04T24:00:00']);
    expect((sheet.getCell('A5').value as Date).toISOString()).toBe('2026-01-04T23:59:59.000Z');
    expect(['B2', 'B3', 'B4', 'B5'].map((a) => sheet.getCell(a).value)).toEqual(['1e-400', 0, 0, 1e-300]);
  });

  it('wrsToXlsx makes a sheet name Excel opens, and refuses Excel\'s own "History"', async () => {
    const named = async (sheetName: string) => (await readXlsx(await wrsToXlsx(ordersDoc(), { sheetName }))).worksheets[0].name;
    expect(await named("'quoted'")).toBe('quoted');
    expect(await named('a/b:c')).toBe('a b c');
    const long = await named('\u{1F600}'.repeat(20));
    expect(long).toBe('\u{1F600}'.repeat(15));
    await expectAsync(wrsToXlsx(ordersDoc(), { sheetName: 'History' })).toBeRejectedWith(jasmine.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('wrsToXlsx writes a captioned value as its caption text, a value that is its own caption with its type', async () => {
    const bytes = await wrsToXlsx(ordersDoc(), { columns: ['qty', 'name'], valueCaptions: { qty: new Map([['3', 'three'], ['5', '5']]), name: new Map([['Anna', '=Anna']]) } });
    const workbook = await readXlsx(bytes);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A2').value).toBe('three');
    expect(sheet.getCell('A3').value).toBe(5);
    expect(sheet.getCell('B2').value).toBe('=Anna');
    expect(sheet.getCell('B2').formula).toBeUndefined();
    expect(sheet.getCell('A4').value).toBeNull();
  });

  it('wrsToXlsx refuses a cell Excel would cut (over 32,767 characters), naming its row and column, and takes one at the limit', async () => {
    const atLimit = 'x'.repeat(32767);
    const doc = parseXml(wrsText([{ id: 'name' }, { id: 'note' }], [['a', 'short'], ['b', atLimit + 'y']]));
    const error = await wrsToXlsx(doc).then(() => null, (e: unknown) => e);
    expect(error instanceof WrsError && error.code).toBe('EXPORT_LIMIT');
    expect((error as WrsError).message).toContain('row "R2", column "note" holds 32768 characters');
    expect((error as WrsError).input).toEqual({ rowId: 'R2', colId: 'note', length: 32768 });

    const ok = parseXml(wrsText([{ id: 'name' }, { id: 'note' }], [['a', atLimit]]));
    const bytes = await wrsToXlsx(ok);
    const workbook = await readXlsx(bytes);
    expect((workbook.worksheets[0].getCell('B2').value as string).length).toBe(32767);
  });

  it('wrsToXlsx checks the text a cell is written as (its caption), and CSV has no such limit', async () => {
    const doc = parseXml(wrsText([{ id: 'kind' }], [['G']]));
    const error = await wrsToXlsx(doc, { valueCaptions: { kind: new Map([['G', 'g'.repeat(40000)]]) } }).then(() => null, (e: unknown) => e);
    expect(error instanceof WrsError && error.code).toBe('EXPORT_LIMIT');
    expect(wrsToCsv(doc, { valueCaptions: { kind: new Map([['G', 'g'.repeat(40000)]]) } }).length).toBe(40000 + 'KIND\r\n\r\n'.length);
  });

  it('wrsToXlsx types booleans in any case and keeps other words, hex numbers and dates Excel cannot hold as the text written', async () => {
    const doc = parseXml(
      wrsText(
        [{ id: 'b', type: 'BOOLEAN' }, { id: 'n', type: 'DOUBLE' }, { id: 'd', type: 'DATE' }],
        [
          ['TRUE', '0x10', '1900-01-01'],
          ['False', 'Infinity', '1900-02-28'],
          ['yes', '1e3', '1900-03-01'],
          ['0', '.5', '0050-06-01'],
        ],
      ),
    );
    const bytes = await wrsToXlsx(doc);
    const workbook = await readXlsx(bytes);
    const sheet = workbook.worksheets[0];
    const column = (c: string) => [2, 3, 4, 5].map((r) => sheet.getCell(`${c}${r}`).value);
    expect(column('A')).toEqual([true, false, 'yes', false]);
    expect(column('B')).toEqual(['0x10', 'Infinity', 1000, 0.5]);
    const dates = column('C');
    expect(dates.slice(0, 2)).toEqual(['1900-01-01', '1900-02-28']);
    expect((dates[2] as Date).toISOString()).toBe('1900-03-01T00:00:00.000Z');
    expect(dates[3]).toBe('0050-06-01');
  });

  it('exports columns named constructor and __proto__ with their own captions, never an inherited property', () => {
    const doc = parseXml(wrsText([{ id: 'constructor' }, { id: '__proto__' }], [['a', 'b']]));
    expect(wrsToCsv(doc, { valueCaptions: {} })).toBe('CONSTRUCTOR,__PROTO__\r\na,b\r\n');
    expect(wrsToCsv(doc, { captions: { constructor: 'C' } })).toBe('C,__PROTO__\r\na,b\r\n');
  });
});
