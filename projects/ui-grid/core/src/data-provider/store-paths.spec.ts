import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import type { ChangeSet } from './data-provider';
import { StaticModel } from './static-model';
import { WrsTextLoad } from './wrs-text-load';

// Rows of every state and of odd shapes: a wrs:null and an empty cell, an entity, a comment in a cell, a row with a
// cell missing, a second row of an id, a row of another name.
const ODD_ROWS =
  '<wrs:R id="R1"><wrs:C>a</wrs:C><wrs:C><wrs:null/></wrs:C><wrs:C/></wrs:R>' +
  '<wrs:M id="R2"><wrs:C>x</wrs:C><wrs:O>y</wrs:O><wrs:C>p</wrs:C><wrs:O>p</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>q</wrs:O></wrs:M>' +
  '<wrs:D id="R3"><wrs:C>d1</wrs:C><wrs:C>d2</wrs:C><wrs:C>d3</wrs:C></wrs:D>' +
  '<wrs:I id="R4"><wrs:C>i1</wrs:C><wrs:C>i2</wrs:C><wrs:C>i3</wrs:C></wrs:I>' +
  '<wrs:R id="R5"><wrs:C>&amp;lt;</wrs:C><wrs:C>&#x41;</wrs:C><wrs:C>5</wrs:C></wrs:R>' +
  '<wrs:R id="R6"><wrs:C>a<!--c-->b</wrs:C><wrs:C>6</wrs:C><wrs:C>6</wrs:C></wrs:R>' +
  '<wrs:R id="R7"><wrs:C>only</wrs:C><wrs:C>two</wrs:C></wrs:R>' +
  '<wrs:R id="R3"><wrs:C>again</wrs:C><wrs:C/><wrs:C/></wrs:R>' +
  '<wrs:X id="R9"><wrs:C>other</wrs:C></wrs:X>';

function wrs(): string {
  let data = ODD_ROWS;
  for (let r = 10; r <= 200; r++) data += `<wrs:R id="R${r}"><wrs:C>a${r}</wrs:C><wrs:C>${r}</wrs:C><wrs:C/></wrs:R>`;
  const columns = '<wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/><wrs:C pos="3" id="c"/>';
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns>${columns}</wrs:Columns></wrs:Header><wrs:Data>${data}</wrs:Data></wrs:Wrs>`;
}

/** Paths by row id and position into every odd row and a few others, with what they may ask for. */
function rowPaths(): string[] {
  const paths: string[] = [];
  const ids = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R9', 'R10', 'R200', 'R201', 'nope'];
  for (const id of ids) {
    paths.push(`/*/wrs:Data/*[@id='${id}']/@id`);
    for (let c = 1; c <= 4; c++) paths.push(`/*/wrs:Data/*[@id='${id}']/wrs:C[${c}]`, `/wrs:Wrs/wrs:Data/*[@id="${id}"]/wrs:C[${c}]`);
  }
  for (const k of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 200, 201]) {
    paths.push(`/*/wrs:Data/*[${k}]/@id`, `/*[1]/wrs:Data[1]/*[${k}]/@id`);
    for (let c = 1; c <= 4; c++) paths.push(`/*/wrs:Data/*[${k}]/wrs:C[${c}]`);
  }
  for (const [state, id] of [['R', 'R1'], ['M', 'R2'], ['D', 'R3'], ['I', 'R4'], ['R', 'R10'], ['M', 'R201']]) {
    paths.push(`/*/wrs:Data/wrs:${state}[@id='${id}']/wrs:C[1]`);
  }
  return paths;
}

describe(`XPath read and write by row id or position on a provider whose rows are in a row store (${domName()})`, () => {
  let storeMinLength = 0;
  beforeAll(() => {
    storeMinLength = WrsTextLoad.storeMinLength;
    WrsTextLoad.storeMinLength = 1_000;
  });
  afterAll(() => (WrsTextLoad.storeMinLength = storeMinLength));

  /** The same rows on a store (nothing built) and on the parsed document. */
  function pair(): { store: StaticModel; dom: StaticModel } {
    const store = new StaticModel({ data: wrs() });
    void store.execute();
    expect(store.getRowStore()?.materialized).toBeFalse();
    const dom = new StaticModel({ data: parseXml(wrs()) });
    void dom.execute();
    return { store, dom };
  }

  it('reads every cell and id by row id or position as the document does, with defaults, building nothing', () => {
    const { store, dom } = pair();
    for (const path of rowPaths()) {
      expect(store.read(path)).withContext(path).toBe(dom.read(path));
      expect(store.read(path, 'default')).withContext(`${path} with a default`).toBe(dom.read(path, 'default'));
    }
    expect(store.getRowStore()!.materialized).toBeFalse();
    // Read through placeholders as well.
    expect(store.read(`/*/wrs:Data/*[@id='{{=it[0]}}']/wrs:C[{{=it[1]}}]`, ['R2', 1])).toBe('x');
    expect(store.getRowStore()!.materialized).toBeFalse();
  });

  it('leaves other paths to the document, built for them', () => {
    for (const path of ['/*/wrs:Data/wrs:R[2]/wrs:C[1]', '/*/wrs:Data/*[@id="R2"]', '/*/wrs:Data/*[@id="R2"]/wrs:O[1]', '/*/wrs:Data/*[@id="R6"]/wrs:C[1]/text()', '//wrs:C[1]']) {
      const { store, dom } = pair();
      expect(store.read(path)).withContext(path).toBe(dom.read(path));
      expect(store.getRowStore()!.materialized).withContext(path).toBeTrue();
    }
  });

  it('writes cells by row id or position as the document does: states, originals, change sets, errors', () => {
    const { store, dom } = pair();
    const fired = { store: [] as string[][], dom: [] as string[][] };
    store.onChange((cs: ChangeSet) => fired.store.push([...cs.rowIds]));
    dom.onChange((cs: ChangeSet) => fired.dom.push([...cs.rowIds]));
    const writes: [string, string | null][] = [
      [`/*/wrs:Data/*[@id='R1']/wrs:C[1]`, 'a'], // the value it holds: nothing changes
      [`/*/wrs:Data/*[@id='R1']/wrs:C[2]`, 'was null'],
      [`/*/wrs:Data/*[1]/wrs:C[3]`, null],
      [`/*/wrs:Data/*[@id='R2']/wrs:C[1]`, 'y'], // back to the original: stays M
      [`/*/wrs:Data/wrs:M[@id='R2']/wrs:C[3]`, ''],
      [`/*/wrs:Data/*[@id='R4']/wrs:C[2]`, 'i2 new'],
      [`/*/wrs:Data/*[5]/wrs:C[1]`, '<&>'],
      [`/*/wrs:Data/*[@id='R6']/wrs:C[1]`, 'ab'], // the value it holds, across a comment
      [`/*/wrs:Data/*[@id='R10']/wrs:C[2]`, '10 new'],
      [`/*/wrs:Data/*[@id='R3']/wrs:C[1]`, 'd1'], // a deleted row's cell holding the value: nothing to refuse
      [`/wrs:Wrs/wrs:Data/*[200]/wrs:C[1]`, 'last'],
    ];
    for (const [path, value] of writes) {
      const a = store.write(path, value, true) as Element;
      const b = dom.write(path, value, true) as Element;
      expect(a.localName).withContext(path).toBe(b.localName);
      expect(a.textContent).withContext(path).toBe(b.textContent);
      expect(store.read(path)).withContext(path).toBe(dom.read(path));
    }
    for (const model of [store, dom]) {
      let error: unknown;
      try {
        model.write(`/*/wrs:Data/*[@id='R3']/wrs:C[2]`, 'changed', true);
      } catch (e) {
        error = e;
      }
      expect(error instanceof WrsError && error.code).toBe('INVALID_ARGUMENT');
      expect((error as WrsError).input).toBe('R3');
    }
    expect(fired.store).toEqual(fired.dom);
    expect(fired.store.length).toBe(writes.length);
    expect(store.getRowStore()!.materialized).toBeFalse();
    expect(domDump(store.getData()!).join('\n')).toBe(domDump(dom.getData()!).join('\n'));
  });

  it('creates a missing cell on the document, built for it, as a document-first write does', () => {
    const { store, dom } = pair();
    const path = `/*/wrs:Data/*[@id='R7']/wrs:C[3]`;
    store.write(path, 'third', true);
    dom.write(path, 'third', true);
    expect(store.getRowStore()!.materialized).toBeTrue();
    expect(domDump(store.getData()!).join('\n')).toBe(domDump(dom.getData()!).join('\n'));
  });

  it('keeps the cell it returns: later writes to that node and to the path land in the document once built', () => {
    const { store, dom } = pair();
    const path = `/*/wrs:Data/*[@id='R12']/wrs:C[1]`;
    for (const model of [store, dom]) {
      model.write(path, 'one', true);
      model.write(path, 'two', true);
      expect(model.read(path)).toBe('two');
    }
    expect(store.getRowStore()!.materialized).toBeFalse();
    expect(domDump(store.getData()!).join('\n')).toBe(domDump(dom.getData()!).join('\n'));
  });
});
