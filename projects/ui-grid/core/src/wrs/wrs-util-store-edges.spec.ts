import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { Side, side } from '../../testing/store-vs-dom';
import { isWrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { WrsTextLoad } from '../data-provider/wrs-text-load';
import { parseXml, serializeXml } from '../xml/dom';
import type { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { buildSavePayload } from './save-payload';
import { buildStoreSavePayload } from './store-save-payload';
import type { RowOperationInfo } from './wrs-util-args';

const WRS = 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0';

/** Rows of every state, a row missing a cell, `wrs:null` cells and originals. */
const TEXT = `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:Columns>
<wrs:C pos="1" id="region" dimId="r" isKey="true" caption="Region"/><wrs:C pos="2" id="month" dimId="m" caption="Month"/>
<wrs:C pos="3" id="amount" valueId="a" type-name="INTEGER" nullable="0" caption="Amount"/></wrs:Columns></wrs:Header><wrs:Data>
<wrs:R id="R1"><wrs:C>north</wrs:C><wrs:C>jan</wrs:C><wrs:C>10</wrs:C></wrs:R>
<wrs:M id="R2"><wrs:C>south</wrs:C><wrs:O>north</wrs:O><wrs:C>feb</wrs:C><wrs:O>jan</wrs:O><wrs:C>x</wrs:C><wrs:O><wrs:null/></wrs:O></wrs:M>
<wrs:D id="R3"><wrs:C>north</wrs:C><wrs:C>feb</wrs:C><wrs:C>30</wrs:C></wrs:D>
<wrs:I id="R4"><wrs:C>south</wrs:C><wrs:C>jan</wrs:C><wrs:C><wrs:null/></wrs:C></wrs:I>
<wrs:R id="R5"><wrs:C>north</wrs:C><wrs:C>mar</wrs:C></wrs:R>
<wrs:R id="R6"><wrs:C>south</wrs:C><wrs:C>feb</wrs:C><wrs:C>=SUM(A1)</wrs:C></wrs:R>
</wrs:Data></wrs:Wrs>`;

/** Both sides of TEXT, and a spy on the store's building. */
function sides(): { onStore: Side; onDom: Side; store: RowStore; built: jasmine.Spy } {
  const registry = new DataProviderRegistry();
  const onStore = side(TEXT, registry);
  const onDom = side(parseXml(TEXT), registry);
  const store = onStore.provider.getRowStore()!;
  const built = spyOn(store, 'materializeSlice').and.callThrough();
  return { onStore, onDom, store, built };
}

async function codeOf(call: () => unknown): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (e) {
    return isWrsError(e) ? e.code : 'not a WrsError';
  }
}

describe(`WrsUtil on a provider's row store: edges (${domName()})`, () => {
  let minLength: number;
  beforeEach(() => {
    minLength = WrsTextLoad.storeMinLength;
    WrsTextLoad.storeMinLength = 0;
  });
  afterEach(() => (WrsTextLoad.storeMinLength = minLength));

  it('restores some columns on entries: an M row keeps its other changes, D rows come back, I rows go, a missing cell stays missing', () => {
    const { onStore, onDom, store, built } = sides();
    for (const on of [onStore, onDom]) {
      on.util.setCellValue(on.provider, 'R5', 'month', 'apr');
      on.util.setCellValue(on.provider, 'R1', 'amount', null);
      on.provider.fire();
      on.util.restore({ model: on.provider, rowStartPos: 1, rowEndPos: 5, colStartPos: 3, colEndPos: 3 });
    }
    expect(built).not.toHaveBeenCalled();
    // R2 keeps its changed region and month, gets its original null amount back; R1 is R again; R5 (no amount cell) stays M.
    expect([store.state(1), store.cellValue(1, 1), store.cellValue(1, 3), store.originalValue(1, 3)]).toEqual(['M', 'south', null, null]);
    expect([store.state(0), store.cellValue(0, 3)]).toEqual(['R', '10']);
    expect([store.state(2), store.id(3), store.state(3), store.cellCount(3)]).toEqual(['R', 'R5', 'M', 2]);
    expect(onStore.fired).toEqual(onDom.fired);
    expect(onStore.fired[1]).toBe('R1,R2,R3,R4');
    expect(buildStoreSavePayload(store).text).toBe(buildSavePayload(WrsIndex.of(onDom.provider.getData()!)).text);
    expect(domDump(onStore.provider.getData()!)).toEqual(domDump(onDom.provider.getData()!));
  });

  it('copies, exports, pastes and pastes as new rows on entries, with the document path\'s text and change sets', async () => {
    const { onStore, onDom, store, built } = sides();
    const outcomes = [];
    for (const on of [onStore, onDom]) {
      await on.util.copy({ model: on.provider, rowStartPos: 1, rowEndPos: 6, colStartPos: 2, colEndPos: 3 });
      const copied = on.clipboard.text;
      await on.util.copyAllRows2CSV({ model: on.provider });
      const csv = on.clipboard.text;
      await on.util.paste({ model: on.provider, rowStartPos: 5, colStartPos: 2, text: 'may\t5\r\n\t\r\nnew\t7\r\n' });
      await on.util.pasteAsNewRows({ model: on.provider, rowStartPos: 1, colStartPos: 3, text: '8\r\n9' });
      outcomes.push({ copied, csv, fired: on.fired });
    }
    expect(built).not.toHaveBeenCalled();
    expect(outcomes[0]).toEqual(outcomes[1]);
    // R5 lacks its third cell: one value copied; wrs:null copies as empty; a formula start is guarded in the CSV only.
    expect(outcomes[0].copied).toBe('jan\t10\r\nfeb\tx\r\nfeb\t30\r\njan\t\r\nmar\r\nfeb\t=SUM(A1)\r\n');
    expect(outcomes[0].csv).toContain("south,feb,'=SUM(A1)\r\n");
    expect(outcomes[0].csv).not.toContain('north,feb,30');
    // The paste wrote R5 (its missing cell skipped), emptied R6's cells (wrs:null) and appended one row.
    expect(store.rowCount).toBe(9);
    expect([store.state(4), store.cellValue(4, 2), store.cellCount(4)]).toEqual(['M', 'may', 2]);
    expect(buildStoreSavePayload(store).text).toBe(buildSavePayload(WrsIndex.of(onDom.provider.getData()!)).text);
    expect(domDump(onStore.provider.getData()!)).toEqual(domDump(onDom.provider.getData()!));
  });

  it('raises the document path\'s errors on entries, and changes nothing then', async () => {
    const { onStore, onDom, store } = sides();
    const calls = (on: Side) => [
      () => on.util.copy({ model: on.provider, rowStartPos: 0 }),
      () => on.util.copy({ model: on.provider, rowStartPos: 1, colStartPos: 2, colEndPos: 4 }),
      () => on.util.paste({ model: on.provider, rowStartPos: 8, text: 'a' }),
      () => on.util.paste({ model: on.provider, rowStartPos: 3, rowEndPos: 2, text: 'a' }),
      () => on.util.paste({ model: on.provider, rowStartPos: 1, rowEndPos: 9, colEndPos: 2, text: 'a' }),
      () => on.util.pasteAsNewRows({ model: on.provider, rowStartPos: 1, colStartPos: 4, text: 'a' }),
      () => on.util.restore({ model: on.provider, rowStartPos: 1, rowEndPos: 7, colStartPos: 2, colEndPos: 2 }),
      () => on.util.restore({ model: on.provider, rowStartPos: 1, colStartPos: 3, colEndPos: 2 }),
      () => on.util.wrsValidation({ model: on.provider, validationId: 'v', cellValidation: {} as never }),
      () => on.util.wrsValidation({ model: on.provider, validationId: '', cellValidation: { func: () => null } }),
    ];
    const codes: (string | null)[][] = [[], []];
    for (const [k, on] of [onStore, onDom].entries()) for (const call of calls(on)) codes[k].push(await codeOf(call));
    expect(codes[0]).toEqual(codes[1]);
    expect(codes[0].every((code) => code === 'INVALID_ARGUMENT')).withContext(String(codes[0])).toBeTrue();
    expect(store.changedRows().length).toBe(3);
    expect(store.materialized).toBeFalse();
    const plain = side(TEXT.replace(/ (dimId|valueId)="\w"/g, ''), new DataProviderRegistry());
    expect(await codeOf(() => plain.util.transposeGrouping(plain.provider))).toBe('INVALID_ARGUMENT');
    expect(plain.provider.getRowStore()!.materialized).toBeFalse();
  });

  it('hands wrsValidation each row built for the check and keeps none of them: the same cells, rows of writes included', () => {
    const { onStore, onDom, store, built } = sides();
    const seen: string[][] = [];
    for (const on of [onStore, onDom]) {
      on.util.setCellValue(on.provider, 'R1', 'amount', '11');
      on.util.setCellValue(on.provider, 'R6', 'month', 'mar');
      on.provider.fire();
      const cells: string[] = [];
      on.util.wrsValidation({
        model: on.provider,
        validationId: 'v',
        cellValidation: {
          func: (cell) => {
            const row = cell.parentNode as Element;
            let next = cell.nextSibling;
            while (next && next.nodeType !== 1) next = next.nextSibling;
            const original = next && (next as Element).localName === 'O' ? `/${next.textContent}` : '';
            cells.push(`${row.localName}.${row.getAttribute('id')}=${cell.textContent}${original}`);
            return null;
          },
        },
      });
      seen.push(cells);
    }
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toContain('M.R1=11/10');
    expect(built).not.toHaveBeenCalled();
    // Only the rows written hold entries; no row keeps an element (a row with one is no text row).
    expect(store.textRows().rows.length).toBe(store.rowCount - 2);
  });

  it('validates on entries and stores the result in the header of the store\'s document, as on the document', async () => {
    const { onStore, onDom, store, built } = sides();
    const results: unknown[] = [];
    for (const on of [onStore, onDom]) {
      const seen: string[] = [];
      const returned = on.util.wrsValidation({
        model: on.provider,
        validationId: 'text',
        cellValidation: {
          func: (cell, column) => (seen.push(`${(cell.parentNode as Element).getAttribute('id')}.${column.getAttribute('id')}`), cell.textContent === 'south' ? { validationMessage: 'no south' } : null),
          bRefSelector: (header) => Array.from(header.getElementsByTagNameNS(WRS, 'C')).filter((c) => c.getAttribute('id') !== 'month'),
        },
      });
      const chain = on.util.validateModel({ model: on.provider, validationId: 'built-in' });
      await chain.fetchData();
      chain.dispose();
      const result = (id: string) => serializeXml(on.util.getValidationResult(on.provider, id)!);
      results.push({ seen, same: returned === (on.provider.getRowStore()?.document ?? on.provider.getData()), text: result('text'), builtIn: result('built-in'), chain: serializeXml(chain.getData()!), count: on.util.getValidationErrorCount(on.provider) });
    }
    expect(built).not.toHaveBeenCalled();
    expect(store.builtRowCount).toBe(0);
    expect(results[0]).toEqual(results[1]);
    // The built-in validation: x is no integer, a missing amount is not checked, wrs:null in a nullable="0" column is, keys repeat.
    const builtIn = (results[0] as { builtIn: string }).builtIn;
    expect(builtIn).toContain('R2</wrs:C><wrs:C>amount</wrs:C><wrs:C>ui_ValidationError_Integer');
    expect(builtIn).toContain('R4</wrs:C><wrs:C>amount</wrs:C><wrs:C>ui_ValidationError_NotNull');
    expect(builtIn).not.toContain('R5</wrs:C><wrs:C>amount');
    expect(domDump(onStore.provider.getData()!)).toEqual(domDump(onDom.provider.getData()!));
  });

  it('transposes from entries into a new document without building the provider\'s', () => {
    const { onStore, onDom, built } = sides();
    const transposed = serializeXml(onStore.util.transposeGrouping(onStore.provider));
    expect(built).not.toHaveBeenCalled();
    expect(transposed).toBe(serializeXml(onDom.util.transposeGrouping(onDom.provider)));
    expect(transposed).toContain('id="jan.amount"');
  });

  it('gives a callback the new rows\' elements, built alone: its writes are in the save payload and, once built, in the document', async () => {
    const { onStore, onDom, store, built } = sides();
    const got: string[][] = [];
    for (const on of [onStore, onDom]) {
      const fn = (info: RowOperationInfo) => {
        got.push(info.rowNodes.map((row) => `${row.localName} ${row.getAttribute('id')}`));
        for (const row of info.rowNodes) row.getElementsByTagNameNS(WRS, 'C')[0].textContent = `by fn ${row.getAttribute('id')}`;
      };
      on.util.insertRow({ model: on.provider, rowStartPos: 2, rowEndPos: 3, fn });
      on.util.duplicateRow(on.provider, 'R6', true, fn);
      await on.util.pasteAsNewRows({ model: on.provider, rowStartPos: 1, text: 'p', fn });
    }
    expect(built).not.toHaveBeenCalled();
    expect(got.slice(0, 3)).toEqual(got.slice(3));
    expect(got[0].length).toBe(2);
    const payload = buildStoreSavePayload(store).text;
    expect(payload).toBe(buildSavePayload(WrsIndex.of(onDom.provider.getData()!)).text);
    expect(payload).toContain(`by fn ${got[1][0].split(' ')[1]}`);
    expect(domDump(onStore.provider.getData()!)).toEqual(domDump(onDom.provider.getData()!));
  });

  it('restores one column of 100,000 rows and exports them from the store without building it', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `<wrs:R id="R${i + 1}"><wrs:C>${i + 1}</wrs:C><wrs:C>name ${i + 1}</wrs:C></wrs:R>`).join('');
    const text = `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="name"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
    const on = side(text, new DataProviderRegistry());
    await on.provider.execute();
    const store = on.provider.getRowStore()!;
    for (let r = 0; r < 100_000; r += 10) {
      on.util.setCellValue(on.provider, r + 1, 1, 'changed');
      on.util.setCellValue(on.provider, r + 1, 2, 'changed');
    }
    on.provider.fire();
    on.util.restore({ model: on.provider, rowStartPos: 1, rowEndPos: 100_000, colStartPos: 2, colEndPos: 2 });
    expect(store.changedRows().length).toBe(10_000);
    expect([store.state(10), store.cellValue(10, 1), store.cellValue(10, 2)]).toEqual(['M', 'changed', 'name 11']);
    await on.util.copyAllRows2CSV({ model: on.provider });
    const lines = on.clipboard.text.split('\r\n');
    expect(lines.length).toBe(100_002);
    expect([lines[1], lines[2], lines[11]]).toEqual(['changed,name 1', '2,name 2', 'changed,name 11']);
    expect(store.materialized).toBeFalse();
    expect(store.builtRowCount).toBe(0);
  });
});
