import { WrsError } from '../errors';
import { NS } from '../xml/namespaces';
import { domName, ordersWrs } from '../../testing/fixtures';
import { DataProviderRegistry } from './data-provider';
import { SimpleModel } from './simple-model';
import { StaticModel } from './static-model';
import { WrsIndex } from '../rows/wrs-index';
import { WrsUtil } from '../wrs/wrs-util';
import { rowShapes } from '../../testing/wrs-shape';
import { checkDomAfterProviderCalls } from '../../testing/dom-consistency';

const GUI = `<guiStatus:Status xmlns:guiStatus="${NS.guiStatus}" xmlns:f="${NS.f}"/>`;

describe(`write rules, spec 4.5 (${domName()})`, () => {
  let registry: DataProviderRegistry;
  let status: StaticModel;
  let orders: StaticModel;
  beforeEach(checkDomAfterProviderCalls);
  beforeEach(async () => {
    registry = new DataProviderRegistry();
    status = new StaticModel({ data: GUI, registry });
    orders = new StaticModel({ data: ordersWrs(), registry });
    await status.execute();
    await orders.execute();
  });

  it('rule 1: the path exists afterwards and the addressed node is returned', () => {
    const node = status.write('/guiStatus:Status/f:Filter/f:Expression/@value', '5') as Attr;
    expect(node.nodeType).toBe(2);
    expect(node.value).toBe('5');
    expect(status.read('/guiStatus:Status/f:Filter/f:Expression/@value')).toBe('5');
    const element = status.write('/guiStatus:Status/guiStatus:Title', 'Orders') as Element;
    expect(element.localName).toBe('Title');
    expect(element.namespaceURI).toBe(NS.guiStatus);
    expect(status.read('/guiStatus:Status/guiStatus:Title')).toBe('Orders');
  });

  it('[@id=1] compares numbers: it finds the row "01" to read and to write, and creates no second row', async () => {
    const model = new StaticModel({ data: `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="01"><wrs:C>x</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`, registry: new DataProviderRegistry() });
    await model.execute();
    expect(model.read('/*/wrs:Data/*[@id=1]/wrs:C')).toBe('x');
    model.write('/*/wrs:Data/wrs:R[@id=1]/wrs:C', 'z');
    expect(model.queryNodes('/*/wrs:Data/*').length).toBe(1);
    expect(model.read("/*/wrs:Data/*[@id='01']/wrs:C")).toBe('z');
    expect(model.read("/*/wrs:Data/*[@id='1']/wrs:C")).toBeNull();
  });

  it('names the rows a write changes in its change set: a cell added, a row created, the rows a value over wrs:Data replaces', () => {
    const sets: string[][] = [];
    orders.onChange((c) => sets.push([...c.rowIds]));
    orders.write("/*/wrs:Data/*[@id='R3']/wrs:C[4]", undefined, undefined, true);
    orders.write("/*/wrs:Data/wrs:I[@id='N1']/wrs:C[1]", undefined, undefined, true);
    orders.write('/*/wrs:Data', '', true);
    expect(sets).toEqual([['R3'], ['N1'], ['R1', 'R2', 'R3', 'N1']]);
  });

  it('rule 2: an existing start part is extended, not created a second time', () => {
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='country']/@op", '=');
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='country']/@value", 'DE');
    expect(status.queryNodes('/guiStatus:Status/f:Filter').length).toBe(1);
    expect(status.queryNodes('/guiStatus:Status/f:Filter/f:Expression').length).toBe(1);
    const expr = status.query('/guiStatus:Status/f:Filter/f:Expression') as Element;
    expect(expr.getAttribute('bRef')).toBe('country');
    expect(expr.getAttribute('op')).toBe('=');
    expect(expr.getAttribute('value')).toBe('DE');
  });

  it('rules 3 and 6: equality predicates joined by and carry the values when no value is given', () => {
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='qty' and @op='>' and @value='3']");
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='name' and f:Note='first']");
    const [qty, name] = status.queryNodes('/guiStatus:Status/f:Filter/f:Expression') as Element[];
    expect(qty.getAttribute('bRef')).toBe('qty');
    expect(qty.getAttribute('op')).toBe('>');
    expect(qty.getAttribute('value')).toBe('3');
    expect(name.getAttribute('bRef')).toBe('name');
    expect(status.read("/guiStatus:Status/f:Filter/f:Expression[@bRef='name']/f:Note")).toBe('first');
  });

  it('rule 6: with a value it becomes the attribute value or the element text', () => {
    status.write('/guiStatus:Status/guiStatus:A/@x', 'attr');
    status.write('/guiStatus:Status/guiStatus:A', 'text');
    expect(status.read('/guiStatus:Status/guiStatus:A/@x')).toBe('attr');
    expect(status.read('/guiStatus:Status/guiStatus:A')).toBe('text');
  });

  it('a position predicate creates the siblings up to it', () => {
    status.write('/guiStatus:Status/guiStatus:L[3]', 'third');
    expect(status.queryNodes('/guiStatus:Status/guiStatus:L').length).toBe(3);
    expect(status.read('/guiStatus:Status/guiStatus:L[3]')).toBe('third');
  });

  it('a position that would create more than 10,000 siblings is refused before anything is created', () => {
    const before = status.serialize();
    expect(() => status.write('/guiStatus:Status/guiStatus:L[{{=it.n}}]', { n: 1_000_000_000 }, 'x')).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'XPATH_UNSUPPORTED' && /1000000000/.test(e.message),
    );
    expect(status.serialize()).toBe(before);
    status.write('/guiStatus:Status/guiStatus:L[10000]', 'last');
    expect(status.queryNodes('/guiStatus:Status/guiStatus:L').length).toBe(10_000);
  });

  it('dot placeholders fill the path, a quote in a value stays valid', () => {
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='{{=it.col}}']/@value", { col: 'customer' }, "O'Brien");
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='{{=it[0]}}']/@value", ["o'k"], 'yes');
    expect(status.read("/guiStatus:Status/f:Filter/f:Expression[@bRef='customer']/@value")).toBe("O'Brien");
    expect(status.read(`/guiStatus:Status/f:Filter/f:Expression[@bRef="o'k"]/@value`)).toBe('yes');
  });

  it('rule 4: // and or predicates throw XPATH_AMBIGUOUS and change nothing', () => {
    const before = status.serialize();
    const bad = ['//f:Expression/@value', "/guiStatus:Status/f:Filter/f:Expression[@a='1' or @b='2']", '/guiStatus:Status/a | /guiStatus:Status/b'];
    for (const xPath of bad) {
      expect(() => status.write(xPath, 'x')).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_AMBIGUOUS' && e.input === xPath);
    }
    expect(status.serialize()).toBe(before);
  });

  it('rule 4 also refuses // spelled as an axis and the set operators of XPath 2+ (union, intersect, except)', () => {
    const before = orders.serialize();
    const bad = [
      '/descendant-or-self::node()/wrs:C',
      '/*/descendant::wrs:C',
      "/*/wrs:Data/wrs:R[@id='R2'] union /*/wrs:Data/wrs:R[@id='R3']",
      "/*/wrs:Data/wrs:R intersect /*/wrs:Data/wrs:R[@id='R3']",
      "/*/wrs:Data/wrs:R except /*/wrs:Data/wrs:R[@id='R3']",
    ];
    for (const xPath of bad) {
      expect(() => orders.write(xPath, 'W')).withContext(xPath).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_AMBIGUOUS');
    }
    expect(orders.serialize()).toBe(before);
    // Names that merely look like them stay usable.
    status.write('/guiStatus:Status/guiStatus:union/@descendant', 'ok');
    expect(status.read('/guiStatus:Status/guiStatus:union/@descendant')).toBe('ok');
  });

  it('a write that creates a row puts it in the row index: read, tblSelect and a second write by its id find it', () => {
    orders.write("/*/wrs:Data/wrs:I[@id='N1']/wrs:C[1]", 'Neo');
    expect(orders.read("/*/wrs:Data/*[@id='N1']/wrs:C[1]")).toBe('Neo');
    orders.write("/*/wrs:Data/wrs:I[@id='N1']/wrs:C[2]", '4');
    expect(orders.queryNodes("/*/wrs:Data/*[@id='N1']").length).toBe(1);
    expect(orders.tblSelect().map((r) => r['name'])).toEqual(['Anna', 'Bert', 'Cleo', 'Neo']);
    expect(orders.tblUpdate({ rowId: 'N1', values: { qty: '5' } })).toBe(1);
    expect(orders.read("/*/wrs:Data/*[@id='N1']/wrs:C[2]")).toBe('5');
  });

  it('writing the text() of a cell writes the cell: a wrs:null goes and the R row becomes M', () => {
    const text = orders.write("/*/wrs:Data/wrs:R[@id='R3']/wrs:C[3]/text()", 'IT');
    expect(text?.nodeValue).toBe('IT');
    expect(orders.read("/*/wrs:Data/*[@id='R3']/wrs:C[3]")).toBe('IT');
    expect(orders.queryNodes("/*/wrs:Data/*[@id='R3']/wrs:C[3]/*").length).toBe(0);
    expect(orders.tblSelectRow({ rowId: 'R3' })?.['country']).toBe('IT');
    expect(orders.read("/*/wrs:Data/*[@id='R3']/wrs:O[3]/wrs:null") === null).toBeFalse();
    expect(orders.queryNodes("/*/wrs:Data/wrs:M[@id='R3']").length).toBe(1);
  });

  it('remove() of a cell\'s text in an R row makes it M with the original, so a save sends the change', () => {
    orders.remove("/*/wrs:Data/wrs:R[@id='R1']/wrs:C[1]/text()");
    expect(orders.queryNodes("/*/wrs:Data/wrs:M[@id='R1']").length).toBe(1);
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('');
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:O[1]")).toBe('Anna');
  });

  it('fire() after a hand edit of the DOM rebuilds the row index', () => {
    orders.tblSelect();
    const doc = orders.getData()!;
    // The Wrs's own wrs:Data (a header column's wrs:References holds one too).
    const data = Array.from(doc.documentElement.childNodes).find((n): n is Element => (n as Element).localName === 'Data')!;
    const first = data.getElementsByTagNameNS(NS.wrs, 'R')[0];
    const added = first.cloneNode(true) as Element;
    added.setAttribute('id', 'R9');
    data.removeChild(first);
    data.appendChild(added);
    orders.fire();
    expect(orders.tblSelect().map((r) => r['name'])).toEqual(['Bert', 'Cleo', 'Anna']);
    expect(orders.read("/*/wrs:Data/*[1]/@id")).toBe('R2');
    expect(orders.tblUpdate({ rowId: 'R9', values: { qty: '8' } })).toBe(1);
  });

  it('a path the subset cannot create raises XPATH_UNSUPPORTED; an existing node is still written', () => {
    expect(() => status.write("/guiStatus:Status/*[contains(@a,'x')]", 'v')).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'XPATH_UNSUPPORTED',
    );
    orders.write("/*/wrs:Data/*[contains(wrs:C[1],'nn')]/wrs:C[1]", 'Anne');
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('Anne');
  });

  it('returns null and writes nothing when the provider is not ready', async () => {
    const loading = new SimpleModel({ url: 'u', registry, loader: () => new Promise<string>(() => undefined) });
    void loading.execute();
    expect(loading.write('/a/b', 'x')).toBeNull();
    const fresh = new StaticModel({ data: GUI, registry });
    expect(fresh.write('/guiStatus:Status/guiStatus:X', '1')).toBeNull();
  });

  it('rule 5: writing into a cell of an R row turns it into M with C/O pairs keeping the originals', () => {
    const cell = orders.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '50') as Element;
    const row = orders.query("/*/wrs:Data/*[@id='R2']") as Element;
    expect(row.localName).toBe('M');
    expect(row.namespaceURI).toBe(NS.wrs);
    expect(cell.parentNode).toBe(row);
    const names = Array.from(row.childNodes).filter((n) => n.nodeType === 1).map((n) => (n as Element).localName);
    expect(names).toEqual(['C', 'O', 'C', 'O', 'C', 'O']);
    expect(orders.queryNodes("/*/wrs:Data/*[@id='R2']/wrs:C").map((n) => n.textContent)).toEqual(['Bert', '50', 'FR']);
    expect(orders.queryNodes("/*/wrs:Data/*[@id='R2']/wrs:O").map((n) => n.textContent)).toEqual(['Bert', '5', 'FR']);
    orders.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '51');
    expect(orders.queryNodes("/*/wrs:Data/*[@id='R2']/wrs:O").map((n) => n.textContent)).toEqual(['Bert', '5', 'FR']);
    expect(orders.read("/*/wrs:Data/*[@id='R2']/wrs:C[2]")).toBe('51');
    expect(orders.query("/*/wrs:Data/wrs:R[@id='R2']")).toBeNull();
  });

  it('rule 5 serializes the renamed row with its prefix, whatever prefix the server used', async () => {
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '4');
    expect(orders.serialize()).toContain('<wrs:M id="R1"><wrs:C>Anna</wrs:C><wrs:O>Anna</wrs:O><wrs:C>4</wrs:C><wrs:O>3</wrs:O>');
    const other = new StaticModel({ data: ordersWrs().replace(/wrs:/g, 'w:').replace('xmlns:wrs=', 'xmlns:w='), registry });
    await other.execute();
    other.write("/*/wrs:Data/*[@id='R2']/wrs:C[1]", 'B');
    expect(other.serialize()).toContain('<w:M id="R2"><w:C>B</w:C><w:O>Bert</w:O>');
    expect(other.query("/*/wrs:Data/wrs:M[@id='R2']")).not.toBeNull();
    expect(other.query("/*/wrs:Data/wrs:R[@id='R2']")).toBeNull();
  });

  it('rule 5 keeps wrs:null originals and writes null as wrs:null', () => {
    orders.write("/*/wrs:Data/*[@id='R3']/wrs:C[3]", 'IT');
    expect(orders.query("/*/wrs:Data/*[@id='R3']/wrs:O[3]/wrs:null")).not.toBeNull();
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", null);
    expect(orders.query("/*/wrs:Data/*[@id='R1']/wrs:C[1]/wrs:null")).not.toBeNull();
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:O[1]")).toBe('Anna');
  });

  it('writing the value a cell already holds leaves the row R', () => {
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", 'Anna');
    expect((orders.query("/*/wrs:Data/*[@id='R1']") as Element).localName).toBe('R');
  });

  it('refuses to change a cell of a deleted row (its values are what the save checks), and leaves the row as it was', () => {
    const util = new WrsUtil({ registry });
    util.deleteRow(orders, 'R1');
    const shape = () => rowShapes(orders.getData()!).join(' ; ');
    const before = shape();
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.input === 'R1';
      }
      return false;
    };
    expect(refused(() => orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", 'Hacked', true))).toBeTrue();
    expect(refused(() => orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]/text()", '9'))).toBeTrue();
    expect(refused(() => orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", null))).toBeTrue();
    expect(refused(() => orders.remove("/*/wrs:Data/*[@id='R1']/wrs:C[1]/text()"))).toBeTrue();

    expect(refused(() => util.write(orders.getData()!, "/*/wrs:Data/*[@id='R1']/wrs:C[1]", undefined, 'Hacked'))).toBeTrue();
    expect(shape()).toBe(before);
    expect(orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", 'Anna')).not.toBeNull();
    expect(util.restoreRow(orders, 'R1')).toBeTrue();
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", 'Anne');
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('Anne');
    // A removal over several rows, a deleted one last among them, changes none of them.
    util.deleteRow(orders, 'R3');
    const all = shape();
    const refusedIds: string[] = [];
    orders.onChange((c) => refusedIds.push(...c.rowIds));
    let error: unknown = null;
    try {
      orders.remove('/*/wrs:Data/*/wrs:C[1]/text()', true);
    } catch (e) {
      error = e;
    }
    expect(error instanceof WrsError && error.input === 'R3').toBeTrue();
    expect(shape()).toBe(all);
    expect(refusedIds).toEqual([]);
  });

  it('finds rows by id after earlier writes renamed them', () => {
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '30');
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '31');
    orders.write("/*/wrs:Data/*[2]/wrs:C[2]", '52');
    expect(orders.read("/*/wrs:Data/wrs:M[@id='R1']/wrs:C[2]")).toBe('31');
    expect(orders.read("/*/wrs:Data/wrs:M[@id='R2']/wrs:C[2]")).toBe('52');
    expect(orders.read('count(/*/wrs:Data/wrs:M)')).toBe('2');
  });

  it('remove() of whole rows keeps the row index exact: positions, ids and WrsUtil by position afterwards', () => {
    orders.remove("/*/wrs:Data/*[@id='R2']", true);
    const index = WrsIndex.of(orders.getData()!);
    expect(index.rows().map((r) => r.getAttribute('id'))).toEqual(['R1', 'R3']);
    expect(index.positionOf(index.rowById('R3')!)).toBe(2);
    expect(index.rowById('R2')).toBeNull();
    expect(new WrsUtil({ registry }).getCellValue(orders, 2, 'name')).toBe('Cleo');
    orders.remove("/*/wrs:Data/*[@id='R1'] | /*/wrs:Data/*[@id='R3']/wrs:C[1]/text()", true);
    expect(index.rows().map((r) => `${r.localName} ${r.getAttribute('id')}`)).toEqual(['M R3']);
    expect(orders.tblSelect({ columns: ['rowId', 'name'] })).toEqual([{ rowId: 'R3', name: '' }]);
  });

  it('remove() deletes the nodes at an XPath and fires when asked', () => {
    let fired = 0;
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='a']");
    status.write("/guiStatus:Status/f:Filter/f:Expression[@bRef='b']");
    status.onChange(() => fired++);
    status.remove("/guiStatus:Status/f:Filter/f:Expression[@bRef='{{=it.c}}']", { c: 'a' });
    expect(fired).toBe(0);
    expect(status.queryNodes('/guiStatus:Status/f:Filter/f:Expression').length).toBe(1);
    status.remove('/guiStatus:Status/f:Filter/f:Expression/@bRef', true);
    expect(fired).toBe(1);
    expect(status.query('/guiStatus:Status/f:Filter/f:Expression/@bRef')).toBeNull();
  });

  it('remove() of rows keeps the row index right', () => {
    orders.remove("/*/wrs:Data/*[@id='R1']");
    expect(orders.query("/*/wrs:Data/*[@id='R1']")).toBeNull();
    expect(orders.read('/*/wrs:Data/*[1]/@id')).toBe('R2');
    expect(orders.tblSelect().length).toBe(2);
  });

  it('a write that cannot create its path to the end leaves nothing behind', () => {
    const before = orders.serialize();
    const rows = orders.wrsIndex().rowCount;
    expect(() => orders.write("/*/wrs:Data/wrs:R[@id='N1']/*", 'x')).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_UNSUPPORTED');
    expect(() => status.write('/guiStatus:Status/guiStatus:New/*', 'x')).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_UNSUPPORTED');
    expect(orders.serialize()).toBe(before);
    expect(status.queryNodes('/guiStatus:Status/*').length).toBe(0);
    expect(orders.wrsIndex().rowCount).toBe(rows);
  });

  it('a write by wrs:R[@id] into a row that is an M row now is refused, not a second row of that id', () => {
    orders.write("/*/wrs:Data/wrs:R[@id='R1']/wrs:C[1]", 'first');
    const before = orders.serialize();
    expect(() => orders.write("/*/wrs:Data/wrs:R[@id='R1']/wrs:C[2]", 'second')).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.message.includes('wrs:M') && e.input === "/*/wrs:Data/wrs:R[@id='R1']/wrs:C[2]",
    );
    expect(orders.serialize()).toBe(before);
    expect(orders.queryNodes("/*/wrs:Data/*[@id='R1']").length).toBe(1);
    expect(orders.wrsIndex().rowCount).toBe(3);
    // Addressed in any state it is written; a new id still creates a row.
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", 'second');
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:C[2]")).toBe('second');
    orders.write("/*/wrs:Data/wrs:R[@id='N9']/wrs:C[1]", 'new');
    expect(orders.wrsIndex().rowCount).toBe(4);
  });

  it('writing a row id, or a value into wrs:Data, keeps the row index right', () => {
    const sets: string[][] = [];
    orders.onChange((c) => sets.push([...c.rowIds]));
    orders.write("/*/wrs:Data/*[@id='R1']/@id", 'X1', true);
    // The change set names the row by both ids: a listener that knew it as R1 forgets it, one by id finds X1.
    expect(sets).toEqual([['R1', 'X1']]);
    const index = orders.wrsIndex();
    expect(index.rowById('R1')).toBeNull();
    expect(index.rowById('X1')?.getAttribute('id')).toBe('X1');
    expect(index.positionOf(index.rowById('X1')!)).toBe(1);
    orders.write('/*/wrs:Data', '');
    expect(orders.wrsIndex().rowCount).toBe(0);
    expect(orders.wrsIndex().rowById('X1')).toBeNull();
  });

  it('removing a header column keeps the column index right', () => {
    expect(orders.wrsIndex().column('qty')).not.toBeNull();
    orders.remove("/*/wrs:Header/wrs:Columns/wrs:C[@id='qty']");
    expect(orders.wrsIndex().column('qty')).toBeNull();
    expect(Object.keys(orders.tblSelect()[0])).not.toContain('qty');
  });

  it('write(xPath, undefined or null, value, fire) writes the value, a non-object fillParams before a value is refused', () => {
    const fired: number[] = [];
    orders.onChange(() => fired.push(1));
    orders.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", undefined, 'x', true);
    expect(orders.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('x');
    orders.write("/*/wrs:Data/*[@id='R2']/wrs:C[1]", null, 'y', true);
    expect(orders.read("/*/wrs:Data/*[@id='R2']/wrs:C[1]")).toBe('y');
    expect(fired.length).toBe(2);
    const before = orders.serialize();
    expect(() => orders.write("/*/wrs:Data/*[@id='R3']/wrs:C[1]", 'a' as never, 'b')).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.input === 'a');
    expect(orders.serialize()).toBe(before);
    orders.write("/*/wrs:Data/*[@id='R3']/wrs:C[1]", 'z', true);
    expect(orders.read("/*/wrs:Data/*[@id='R3']/wrs:C[1]")).toBe('z');
  });
});
