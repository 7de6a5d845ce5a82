import { NS } from '../xml/namespaces';
import { domName } from '../../testing/fixtures';
import { cellValue } from '../rows/row-states';
import { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { SourceFind } from './source-find';

const wrs = (rows: string) =>
  `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/><wrs:C pos="3" id="c"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;

/** Rows of the plain shape, and some the text search leaves to the store (a reference, a comment, CDATA). */
const ROWS =
  '<wrs:R id="r1"><wrs:C>Anna</wrs:C><wrs:C>b</wrs:C><wrs:C/></wrs:R>' +
  '<wrs:M id="r2"><wrs:C>hanna</wrs:C><wrs:O>anna old</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>x</wrs:O><wrs:C>ANNA anna</wrs:C><wrs:O/></wrs:M>' +
  '<wrs:I id="r3"><wrs:C>a>b</wrs:C><wrs:C>Johann</wrs:C><wrs:C>i</wrs:C></wrs:I>' +
  '<wrs:R id="r4"><wrs:C>b &amp; ann</wrs:C><wrs:C>1</wrs:C><wrs:C>2</wrs:C></wrs:R>\n  ' +
  '<wrs:D id="r5"><wrs:C>x</wrs:C><wrs:C>1</wrs:C><wrs:C>ann</wrs:C></wrs:D>' +
  '<wrs:R id="r6"><wrs:C><!-- c -->ann</wrs:C><wrs:C>1</wrs:C><wrs:C>2</wrs:C></wrs:R>' +
  '<wrs:R id="r7"><wrs:C><![CDATA[an]]>n</wrs:C><wrs:C>ann</wrs:C><wrs:C>3</wrs:C></wrs:R>' +
  '<wrs:I id="r8"><wrs:C>annex</wrs:C><wrs:C>q</wrs:C><wrs:C>r</wrs:C></wrs:I>' +
  Array.from({ length: 40 }, (_, r) => `<wrs:R id="s${r}"><wrs:C>row ${r}</wrs:C><wrs:C>${r % 3 === 0 ? 'Ann' : 'b'}</wrs:C><wrs:C>${r}</wrs:C></wrs:R>`).join('');

/** Every cell (`position:pos`) whose value the expression matches, in the document. */
function fromDocument(doc: Document, expression: RegExp): string[] {
  const out: string[] = [];
  WrsIndex.of(doc).rows().forEach((row, r) => {
    let pos = 0;
    for (let c = row.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1 || (c as Element).localName !== 'C' || (c as Element).namespaceURI !== NS.wrs) continue;
      pos++;
      const value = cellValue(c as Element);
      if (value && expression.test(value)) out.push(`${r}:${pos}`);
    }
  });
  return out;
}

/** The search of the store's text in steps of no time, with the rows it leaves out read from the store. */
function fromStore(store: RowStore, expression: RegExp): string[] {
  const finder = SourceFind.ofStore(store)!;
  while (finder.prepare(0) === false);
  const found: string[] = [];
  const run = finder.search(expression);
  while (run.step(0, (row, pos) => found.push(`${row}:${pos}`)) === false);
  for (let r = 0; r < store.rowCount; r++) {
    if (finder.searchesRow(r)) continue;
    for (let pos = 1; pos <= 3; pos++) {
      const value = store.cellValue(r, pos);
      if (value && expression.test(value)) found.push(`${r}:${pos}`);
    }
  }
  const key = (hit: string) => hit.split(':').map(Number);
  return found.sort((x, y) => key(x)[0] - key(y)[0] || key(x)[1] - key(y)[1]);
}

describe(`SourceFind over a row store (${domName()})`, () => {
  const expressions = [/ann/iu, /a>b/iu, /x/iu, /wrs/iu, /C>/iu, /r2/iu, /1/iu, /</iu, /row 3/iu];

  it('finds the cells of the document the store stands for, without building it', () => {
    const store = RowStore.open(wrs(ROWS))!;
    const found = expressions.map((e) => fromStore(store, e));
    const finder = SourceFind.ofStore(store)!;
    expect(finder.prepare(Infinity)).toBeTrue();
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((r) => finder.searchesRow(r))).toEqual([true, true, true, false, true, false, false, true, true]);
    expect(store.builtRowCount).toBe(0);
    expect(store.materialized).toBeFalse();
    const doc = store.materialize();
    expressions.forEach((e, k) => expect(found[k]).withContext(String(e)).toEqual(fromDocument(doc, e)));
    expect(SourceFind.ofStore(store)).toBeNull();
  });

  it('reads written, deleted, inserted and removed rows by their values, not by their text', () => {
    const store = RowStore.open(wrs(ROWS))!;
    store.scan();
    // The shapes are checked before the writes: a later finder leaves the written rows out.
    while (SourceFind.ofStore(store)!.prepare(0) === false);
    store.setCell(0, 1, 'no longer');
    store.setCell(9, 2, 'now ann');
    store.deleteRow(10);
    store.insertRows(12, store.id(12), [['ann inserted', null, 'x']]);
    expect(store.deleteRow(7)).toBe('removed');
    const found = expressions.map((e) => fromStore(store, e));
    expect(store.builtRowCount).toBe(0);
    const doc = store.materialize();
    expressions.forEach((e, k) => expect(found[k]).withContext(String(e)).toEqual(fromDocument(doc, e)));
  });

  it('reads the cells of the rows it searches as the store reads them', () => {
    const store = RowStore.open(wrs(ROWS))!;
    store.setCell(1, 3, 'written');
    const finder = SourceFind.ofStore(store)!;
    while (finder.prepare(0) === false);
    const outs: (string | null)[][] = [[], [], []];
    let k = 0;
    while ((k = finder.readCells([3, 1, 2], outs, k, finder.rowCount, 0)) < finder.rowCount);
    let read = 0;
    for (let r = 0; r < store.rowCount; r++) {
      if (!finder.searchesRow(r)) continue;
      read++;
      expect([outs[1][r], outs[2][r], outs[0][r]]).withContext(`row ${r}`).toEqual([1, 2, 3].map((pos) => store.cellValue(r, pos)));
    }
    expect(read).toBe(finder.rowCount);
    expect(finder.searchesRow(1)).toBeFalse();
    expect(store.builtRowCount).toBe(0);
  });
});
