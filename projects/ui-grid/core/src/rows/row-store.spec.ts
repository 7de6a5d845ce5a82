import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellAt, cellValue, originalOf } from './row-states';
import { commitRow, deleteRowElement, restoreRowElement, writeCell } from './row-transitions';
import { WrsIndex } from './wrs-index';
import { RowStore } from './row-store';
import { ScanError } from './row-scan';

const dump = (doc: Document) => domDump(doc).join('\n');

function valueAt(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  return cell ? cellValue(cell) : null;
}

function originalAt(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  const original = cell && originalOf(cell);
  return original ? cellValue(original) : null;
}

describe(`RowStore (${domName()})`, () => {
  const W = `xmlns:wrs="${NS.wrs}"`;
  const small = `<wrs:Wrs ${W}><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns></wrs:Header>` +
    `<wrs:Data>\n <wrs:R id="R1"><wrs:C>x &amp; y</wrs:C><wrs:C/></wrs:R>\n <wrs:M id="R2"><wrs:C>new</wrs:C><wrs:O>old</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>2</wrs:O></wrs:M>\n</wrs:Data></wrs:Wrs>`;

  it('reads states, ids and cells from the text without building a row', () => {
    const store = RowStore.open(small)!;
    expect(store.scan()).toBeTrue();
    expect(store.rowCount).toBe(2);
    expect([store.state(0), store.state(1)]).toEqual(['R', 'M']);
    expect([store.id(0), store.id(1)]).toEqual(['R1', 'R2']);
    expect([store.cellValue(0, 1), store.cellValue(0, 2), store.cellValue(0, 3)]).toEqual(['x & y', '', null]);
    expect([store.cellValue(1, 1), store.originalValue(1, 1), store.cellValue(1, 2), store.originalValue(1, 2)]).toEqual(['new', 'old', null, '2']);
    const data = store.document.documentElement.getElementsByTagNameNS(NS.wrs, 'Data')[0];
    expect(data.childNodes.length).toBe(0);
    expect(store.materialized).toBeFalse();
  });

  it('builds the document parseXml builds, node for node', () => {
    const store = RowStore.open(small)!;
    expect(dump(store.materialize())).toBe(dump(parseXml(small)));
    expect(store.materialize()).toBe(store.document);
  });

  it('declines text that is no Wrs with rows, which the caller parses whole', () => {
    for (const text of ['<a/>', `<wrs:Wrs ${W}><wrs:Header/></wrs:Wrs>`, `<wrs:Wrs ${W}><wrs:Data/></wrs:Wrs>`, `<wrs:Other ${W}><wrs:Data><wrs:R/></wrs:Data></wrs:Other>`, '<x:Wrs xmlns:x="urn:other"><x:Data><x:R/></x:Data></x:Wrs>']) {
      expect(RowStore.open(text)).withContext(text).toBeNull();
    }
    const doctype = `<!DOCTYPE wrs:Wrs [<!ENTITY x "y">]>${small}`;
    expect(RowStore.open(doctype)).toBeNull();
    expect(() => parseXml(doctype)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_DOCTYPE');
  });

  it('raises INVALID_ARGUMENT naming a row position it does not hold', () => {
    const store = RowStore.open(small)!;
    for (const r of [2, -1, 0.5, NaN]) {
      expect(() => store.cellValue(r, 1)).withContext(String(r)).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && Object.is(e.input, r));
    }
    expect(store.scanned).toBeTrue();
  });

  it('raises parseXml\'s XML_PARSE for malformed rows when they are read or built, and ScanError where the text is well-formed', () => {
    const broken = small.replace('<wrs:C/></wrs:R>', '<wrs:C></wrs:R>');
    const store = RowStore.open(broken)!;
    expect(() => store.materialize()).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_PARSE');
    const unclosed = small.replace('\n</wrs:Data>', '\n<wrs:R id="R3"><wrs:C>');
    expect(RowStore.open(unclosed)).toBeNull();
    const misleading = small.replace('</wrs:Wrs>', '<wrs:Footer><!-- </wrs:Data> <wrs:Footer> --></wrs:Footer></wrs:Wrs>');
    // The rows end at the first end tag, not at the last one where the text scan expected it.
    const offset = misleading.indexOf('</wrs:Data>');
    expect(() => RowStore.open(misleading)!.scan()).toThrowMatching((e) => e instanceof ScanError && e instanceof WrsError && e.code === 'WRS_SCAN' && e.input === offset && e.details?.['offset'] === offset);
    expect(parseXml(misleading).documentElement.childNodes.length).toBe(3);
  });

  it('gives new rows ids no row holds, as rows come and go and as the document built from it gives', () => {
    // Row texts holding the ids the next inserts would take: I_1_R2 and I_2_R2.
    const rows = ['R1', 'R2', 'I_1_R2', 'I_2_R2'].map((id) => `<wrs:R id="${id}"><wrs:C>${id}</wrs:C><wrs:C/></wrs:R>`).join('');
    const text = small.replace(/<wrs:Data>[\s\S]*<\/wrs:Data>/, `<wrs:Data>${rows}</wrs:Data>`);
    const store = RowStore.open(text)!;
    const index = WrsIndex.of(parseXml(text));
    expect(store.insertRows(1, 'R2', [['a', null]])).toEqual(['I_1_R2_2']);
    expect(index.hasRowId('I_1_R2')).toBeTrue();
    // The row holding I_2_R2 goes: its id is free for the next insert at R2, as on the document.
    store.removeRows([store.positionOf('I_2_R2')]);
    expect(store.insertRows(2, 'R2', [['b', null]])).toEqual(['I_2_R2']);
    expect(store.insertRows(0, 'R1', [['c', null], ['d', null]])).toEqual(['I_3_R1_1', 'I_3_R1_2']);
    expect(store.insertRows(0, 'I_3_R1_1', [['e', null]])).toEqual(['I_4_I_3_R1_1']);
    const ids = Array.from({ length: store.rowCount }, (_, r) => store.id(r));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.map((id) => store.positionOf(id!))).toEqual(ids.map((_, r) => r));
  });

  it('finds every row by id through seeded inserts and removals, as a scan of its ids finds it (kept positions drift)', () => {
    const rows = Array.from({ length: 300 }, (_, r) => `<wrs:R id="R${r + 1}"><wrs:C>${r}</wrs:C><wrs:C/></wrs:R>`).join('');
    const store = RowStore.open(small.replace(/<wrs:Data>[\s\S]*<\/wrs:Data>/, `<wrs:Data>${rows}</wrs:Data>`))!;
    const random = seededRandom(21);
    const pick = (n: number) => random(n);
    const scanFor = (id: string) => Array.from({ length: store.rowCount }, (_, r) => store.id(r)).indexOf(id);
    expect(store.positionOf('R1')).toBe(0);
    for (let step = 0; step < 120; step++) {
      const at = pick(store.rowCount);
      if (random(10) < 7) store.insertRows(at, store.id(at), Array.from({ length: 1 + pick(3) }, () => ['n', null]));
      else store.removeRows([at, pick(store.rowCount)]);
      for (let k = 0; k < 5; k++) {
        const id = store.id(pick(store.rowCount))!;
        expect(store.positionOf(id)).withContext(`step ${step}, ${id}`).toBe(scanFor(id));
      }
      expect(store.positionOf(`gone ${step}`)).toBe(-1);
    }
    for (let r = 0; r < store.rowCount; r++) expect(store.positionOf(store.id(r)!)).toBe(r);
  });

  it('finds the first row of an id, and none for an empty id, as the document\'s index does', () => {
    const rows = '<wrs:R id="R1"><wrs:C>a</wrs:C></wrs:R><wrs:M id="R2"><wrs:C>b</wrs:C><wrs:O>c</wrs:O></wrs:M><wrs:R id="R2"><wrs:C>d</wrs:C></wrs:R><wrs:R id=""><wrs:C>e</wrs:C></wrs:R>';
    const text = small.replace(/<wrs:Data>[\s\S]*<\/wrs:Data>/, `<wrs:Data>${rows}</wrs:Data>`);
    const store = RowStore.open(text)!;
    const index = WrsIndex.of(parseXml(text));
    expect(store.positionOf('R2')).toBe(1);
    expect(index.positionOf(index.rowById('R2')!)).toBe(2);
    expect(store.positionOf('')).toBe(-1);
    expect(index.rowById('')).toBeNull();
    store.materialize();
    expect(store.positionOf('R2')).toBe(1);
  });

  it('finds rows by id across inserts and removals, and reads a row\'s cells in one pass as one by one', () => {
    const rows = Array.from({ length: 40 }, (_, r) => `<wrs:R id="R${r + 1}"><wrs:C>a${r}</wrs:C><wrs:C>b${r}</wrs:C><wrs:C>c${r}</wrs:C></wrs:R>`).join('');
    const store = RowStore.open(small.replace(/<wrs:Data>[\s\S]*<\/wrs:Data>/, `<wrs:Data>${rows}</wrs:Data>`))!;
    expect(store.positionOf('R7')).toBe(6);
    const [made] = store.insertRows(3, 'R4', [['n', null, 'z']]);
    expect(store.positionOf(made)).toBe(3);
    expect(store.positionOf('R7')).toBe(7);
    expect(store.positionOf('R2')).toBe(1);
    store.removeRows([0, 3]);
    expect(store.positionOf('R7')).toBe(5);
    expect(store.positionOf('R1')).toBe(-1);
    expect(store.positionOf(made)).toBe(-1);
    expect(store.positionOf('nope')).toBe(-1);
    for (let r = 0; r < store.rowCount; r++) expect(store.positionOf(store.id(r)!)).toBe(r);
    // Cells of a text row, a written one (one cell read), one read whole, a new one, and an element.
    store.setCell(1, 2, 'written');
    store.deleteRow(2);
    store.setCell(2, 1, 'd');
    store.element(4);
    const [fresh] = store.insertRows(0, null, [['x', 'y', null]]);
    expect(store.positionOf(fresh)).toBe(0);
    for (let r = 0; r < 7; r++) {
      expect(store.cellValues(r, 4)).withContext(`row ${r}`).toEqual([1, 2, 3, 4].map((pos) => store.cellValue(r, pos)));
    }
    expect(store.cellValues(2, 2)).toEqual(['a2', 'written']);
  });

  it('materializes in slices: the rows built so far are in the document, in order', () => {
    const text = randomWrsText(seededRandom(7), 40, 3);
    const store = RowStore.open(text)!;
    const data = store.document.documentElement.getElementsByTagNameNS(NS.wrs, 'Data')[0];
    expect(store.materializeSlice({ rows: 5 })).toBeFalse();
    expect(WrsIndex.of(store.document).rowCount).toBe(5);
    expect(store.materializeSlice({ rows: 10 })).toBeFalse();
    expect(WrsIndex.of(store.document).rowCount).toBe(15);
    expect(data.firstChild).not.toBeNull();
    while (!store.materializeSlice({ rows: 7 })) { /* slices until complete */ }
    expect(dump(store.document)).toBe(dump(parseXml(text)));
  });

  it('on random documents of every shape, builds what parseXml builds and reads what its DOM holds', () => {
    const random = seededRandom(20261127);
    for (let n = 0; n < 60; n++) {
      const text = randomWrsText(random, 1 + random(30), 1 + random(4));
      const expected = parseXml(text);
      const store = RowStore.open(text)!;
      expect(store).withContext(text).not.toBeNull();
      const rows = WrsIndex.of(expected).rows();
      store.scan();
      expect(store.rowCount).withContext(text).toBe(rows.length);
      for (let r = 0; r < rows.length; r++) {
        expect(store.state(r)).withContext(`${text} row ${r}`).toBe(rows[r].localName);
        expect(store.id(r)).withContext(`${text} row ${r}`).toBe(rows[r].getAttribute('id'));
        for (let pos = 1; pos <= 5; pos++) {
          expect(store.cellValue(r, pos)).withContext(`${text} row ${r} cell ${pos}`).toBe(valueAt(rows[r], pos));
          expect(store.originalValue(r, pos)).withContext(`${text} row ${r} original ${pos}`).toBe(originalAt(rows[r], pos));
        }
      }
      if (random(2) === 0) store.materializeSlice({ rows: random(rows.length + 1) });
      expect(dump(store.materialize())).withContext(text).toBe(dump(expected));
    }
  });

  // The same seeded operations run on the store (its DOM built at a random step) and on the parsed document.
  it('agrees with the parsed document under seeded random writes, state changes and removals', () => {
    const random = seededRandom(42);
    for (let n = 0; n < 40; n++) {
      const columns = 1 + random(4);
      const text = randomWrsText(random, 2 + random(25), columns);
      const doc = parseXml(text);
      const index = WrsIndex.of(doc);
      const store = RowStore.open(text)!;
      store.scan();
      const steps = 5 + random(30);
      const buildAt = random(steps + 1);
      for (let step = 0; step < steps && index.rowCount > 0; step++) {
        if (step === buildAt) store.materializeSlice({ rows: random(index.rowCount + 1) });
        const r = random(index.rowCount);
        const row = index.rowAt(r + 1)!;
        const op = random(5);
        const context = `${text} step ${step} op ${op} row ${r}`;
        if (op <= 1) {
          const pos = 1 + random(columns);
          const value = random(4) === 0 ? null : `v${random(5)}`;
          expect(store.setCell(r, pos, value)).withContext(context).toBe(writeCell(row, pos, value, index)?.changed ?? false);
        } else if (op === 2) {
          expect(store.deleteRow(r)).withContext(context).toBe(deleteRowElement(row, index).outcome);
        } else if (op === 3) {
          expect(store.restoreRow(r)).withContext(context).toBe(restoreRowElement(row, index) !== null);
        } else if (/^[IM]$/.test(row.localName) && row.namespaceURI === NS.wrs) {
          store.commitRow(r);
          commitRow(row, index);
        }
        expect(store.rowCount).withContext(context).toBe(index.rowCount);
        const now = index.rowAt(r + 1);
        if (now && r < store.rowCount) {
          expect(store.state(r)).withContext(context).toBe(now.localName);
          for (let pos = 1; pos <= columns; pos++) expect(store.cellValue(r, pos)).withContext(context).toBe(valueAt(now, pos));
        }
      }
      expect(dump(store.materialize())).withContext(text).toBe(dump(doc));
    }
  });
});
