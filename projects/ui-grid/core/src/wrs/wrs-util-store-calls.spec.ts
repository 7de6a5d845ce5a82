import { domName } from '../../testing/fixtures';
import { SeededCall, SeededCalls, Side, agreeOnStoreAndDom } from '../../testing/store-vs-dom';
import { DataProvider } from '../data-provider/data-provider';
import { WrsTextLoad } from '../data-provider/wrs-text-load';
import { ELEMENT_NODE, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import type { RowOperationInfo } from './wrs-util-args';

/** The document a provider holds as it is: a store's (its rows maybe not built) or its data. */
function documentOf(provider: DataProvider): Document {
  const store = provider.getRowStore();
  return store && !store.materialized ? store.document : provider.getData()!;
}

/** A callback of a row function: notes what it got and writes into the first cell of each new row's element. */
function writingFn(seen: unknown[]): (info: RowOperationInfo) => void {
  return (info) => {
    seen.push(info.rowIds, info.rowNodes.map((row) => row.getAttribute('id')));
    for (const row of info.rowNodes) {
      let cell = row.firstChild;
      while (cell && !(cell.nodeType === ELEMENT_NODE && (cell as Element).localName === 'C' && (cell as Element).namespaceURI === NS.wrs)) cell = cell.nextSibling;
      if (!cell) continue;
      while (cell.firstChild) cell.removeChild(cell.firstChild);
      cell.appendChild(row.ownerDocument!.createTextNode(`fn ${row.getAttribute('id')}`));
    }
  };
}

/** Clipboard text of `rows` lines of `width` fields, with empty fields, tabs to quote, and a formula start. */
function tabText(random: (n: number) => number, rows: number, width: number): string {
  const field = () => ['', 'p', 'q r', '"x\ty"', '=1+1', '7', 'a & b'][random(7)];
  return Array.from({ length: rows }, () => Array.from({ length: width }, field).join('\t')).join('\r\n') + (random(2) === 0 ? '\r\n' : '');
}

/** Seeded calls of the functions that read or write many cells: clipboard, restore of columns, validation, transpose, callbacks. */
const cellCalls: SeededCalls = (random, count, columns) => {
  const pos = () => 1 + random(Math.max(count, 1));
  const first = pos();
  const last = Math.min(Math.max(count, 1), first + random(6));
  const col = 1 + random(columns);
  const colEnd = Math.min(columns, col + random(3));
  const fire = random(3) !== 0;
  const call = (name: string, run: (on: Side) => unknown): SeededCall => ({ name, run });
  switch (random(14)) {
    case 0:
    case 1:
    case 2: {
      const row = pos();
      const v = [null, '', 'v', 'a & b', `s${random(3)}`][random(5)];
      return call(`setCellValue(${row}, ${col}, ${JSON.stringify(v)})`, (on) => on.util.setCellValue(on.provider, row, col, v));
    }
    case 3:
    case 4:
      return call(`restore(${first}, ${last}, columns ${col}-${colEnd})`, (on) =>
        on.util.restore({ model: on.provider, rowStartPos: first, rowEndPos: last, colStartPos: col, colEndPos: colEnd, propagateUpdate: fire }),
      );
    case 5: {
      // Now and then past the last row (appended), a single value filling the range, or a range ending before it starts.
      const start = random(4) === 0 ? count + 1 : first;
      const text = tabText(random, random(3) === 0 ? 1 : 1 + random(4), random(3) === 0 ? 1 : 1 + random(columns + 1));
      const end = random(6) === 0 ? start - 1 : last;
      const withFn = random(2) === 0;
      const seen: unknown[] = [];
      return call(`paste(${start}-${end}, ${col}-${colEnd}, ${JSON.stringify(text)}, fn ${withFn})`, async (on) => {
        await on.util.paste({ model: on.provider, rowStartPos: start, rowEndPos: end, colStartPos: col, colEndPos: colEnd, text, fn: withFn ? writingFn(seen) : undefined, propagateUpdate: fire });
        return seen;
      });
    }
    case 6: {
      const text = tabText(random, 1 + random(3), 1 + random(columns));
      const seen: unknown[] = [];
      return call(`pasteAsNewRows(${col}, ${JSON.stringify(text)})`, async (on) => {
        await on.util.pasteAsNewRows({ model: on.provider, rowStartPos: 1, colStartPos: col, text, fn: writingFn(seen) });
        return seen;
      });
    }
    case 7: {
      const end = colEnd + random(2);
      return call(`copy(${first}-${last}, ${col}-${end})`, async (on) => {
        await on.util.copy({ model: on.provider, rowStartPos: first, rowEndPos: last, colStartPos: col, colEndPos: end });
        return on.clipboard.text;
      });
    }
    case 8:
      return call('copyAllRows2CSV', async (on) => {
        await on.util.copyAllRows2CSV({ model: on.provider });
        return on.clipboard.text;
      });
    case 9: {
      const id = `check${random(2)}`;
      return call(`wrsValidation(${id})`, (on) => {
        const cellValidation = {
          // Reads the cell and its row, as a check of the app's own may.
          func: (cell: Element, column: Element) =>
            (cell.textContent ?? '').includes('a') ? { validationMessage: `${column.getAttribute('id')} of ${(cell.parentNode as Element).getAttribute('id')}` } : null,
        };
        const returned = on.util.wrsValidation({ model: on.provider, validationId: id, cellValidation });
        return [returned === documentOf(on.provider), serializeXml(on.util.getValidationResult(on.provider, id)!), on.util.getValidationErrorCount(on.provider)];
      });
    }
    case 10:
      return call('transposeGrouping', (on) => serializeXml(on.util.transposeGrouping(on.provider)));
    case 11: {
      const before = random(2) === 0;
      const duplicate = random(2) === 0;
      const seen: unknown[] = [];
      return call(`${duplicate ? 'duplicateRows' : 'insertRow'}(${first}, ${last}, ${before}) with fn`, (on) => {
        const args = { model: on.provider, rowStartPos: first, rowEndPos: last, insertBeforeSelection: before, fn: writingFn(seen) };
        if (duplicate) on.util.duplicateRows(args);
        else on.util.insertRow(args);
        return seen;
      });
    }
    case 12: {
      const seen: unknown[] = [];
      return call(`deleteRows(${first}, ${last}) with fn`, (on) => {
        on.util.deleteRows({ model: on.provider, rowStartPos: first, rowEndPos: last, fn: writingFn(seen) });
        return seen;
      });
    }
    default:
      return call('validateModel', async (on) => {
        const chain = on.util.validateModel({ model: on.provider, validationId: 'built-in' });
        await chain.fetchData();
        chain.dispose();
        return [serializeXml(chain.getData()!), serializeXml(on.util.getValidationResult(on.provider, 'built-in')!)];
      });
  }
};

/** Marks header columns for validation and transposing: c1 a non-null key dimension, c2 a dimension, c3 an integer, the last a value. */
function marked(text: string): string {
  return text
    .replace(' id="c1" ', ' id="c1" dimId="d1" isKey="true" nullable="0" ')
    .replace(' id="c2" ', ' id="c2" dimId="d2" ')
    .replace(' id="c3" ', ' id="c3" type-name="INTEGER" ')
    .replace(/ id="(c\d+)" caption="C &amp; (\d+)"\/>(?![\s\S]*id="c\d+" caption)/, ' id="$1" valueId="v" caption="C &amp; $2"/>');
}

describe(`WrsUtil's clipboard, column restore, validation and transpose on a provider's row store (${domName()})`, () => {
  let minLength: number;
  beforeEach(() => {
    minLength = WrsTextLoad.storeMinLength;
    // The random texts are short: every one is kept in a store.
    WrsTextLoad.storeMinLength = 0;
  });
  afterEach(() => (WrsTextLoad.storeMinLength = minLength));

  // As wrs-util-store.spec.ts: the same seeded calls store-first and DOM-first agree, and the store's rows stay
  // unbuilt until the build step, whatever of these functions ran before.
  for (let seed = 1; seed <= 16; seed++) {
    it(`agrees with the same calls on the parsed document (seed ${seed})`, () => agreeOnStoreAndDom(2026112900 + seed, cellCalls, marked));
  }
});
