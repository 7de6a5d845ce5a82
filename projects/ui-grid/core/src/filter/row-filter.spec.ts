import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { domName, wrsText } from '../../testing/fixtures';
import { compileFilter, filterRows } from './row-filter';
import { sortRows } from './row-order';
import { ColumnValues } from './column-values';
import { cellValue, nthCell } from '../rows/row-states';
import { writeCell } from '../rows/row-transitions';
import { createRow } from '../rows/new-rows';

const F = NS.f;

function people(): WrsIndex {
  return WrsIndex.of(
    parseXml(
      wrsText(
        [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'country' }, { id: 'day', type: 'DATE' }],
        [
          ['Anna', '3', 'DE', '2026-01-04'],
          ['bert', '12', 'FR', '2026-02-01'],
          ['Cleo', '7', null, '2025-12-31'],
          ['Dora', null, 'DE', null],
          ['anton', '100', 'IT', '2026-01-20'],
        ],
      ),
    ),
  );
}

function filter(body: string): Element {
  return parseXml(`<f:Filter xmlns:f="${F}">${body}</f:Filter>`).documentElement;
}

const ids = (rows: Element[]) => rows.map((r) => r.getAttribute('id'));

describe(`client-side f:Filter evaluation (${domName()})`, () => {
  it('compares numbers as numbers and text as text', () => {
    const index = people();
    expect(ids(filterRows(index, filter('<f:Expression bRef="qty" op="&gt;" value="7"/>')))).toEqual(['R2', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="qty" op="&lt;=" value="7"/>')))).toEqual(['R1', 'R3']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="&gt;=" value="C"/>')))).toEqual(['R2', 'R3', 'R4', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="day" op="&gt;=" value="2026-01-01"/><f:Expression bRef="day" op="&lt;" value="2026-02-01"/>')))).toEqual(['R1', 'R5']);
  });

  it('compares dates and timestamps by the moment written, to the second, as the server does', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'ts', type: 'TIMESTAMP' }, { id: 'dt', type: 'DATE' }], [
      ['2020-02-01 09:30:59', '12345-01-01'],
      ['2020-01-02T10:00:00.250', '0044-03-15 BC'],
      ['2020-01-02 00:00:00', '2021-09-17'],
      ['2020-01-02 10:30:00', 'infinity'],
    ])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Expression bRef="ts" op="&lt;=" value="2020-02-01 10:30:00"/>')).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(pick('<f:Expression bRef="ts" op="=" value="2020-01-02T10:00"/>')).toEqual(['R2']);
    expect(pick('<f:Expression bRef="ts" op="&lt;=" value="2020-01-02"/>')).toEqual(['R3']);
    expect(pick('<f:Expression bRef="ts" op="&gt;=" value="2020-01-02 10:00"/><f:Expression bRef="ts" op="&lt;=" value="2020-01-02T10:30"/>')).toEqual(['R2', 'R4']);
    expect(pick('<f:Expression bRef="dt" op="&gt;" value="2021-09-17"/>')).toEqual(['R1', 'R4']);
    expect(pick('<f:Expression bRef="dt" op="&lt;" value="0042-01-01"/>')).toEqual(['R2']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'dt' }]))).toEqual(['R2', 'R3', 'R1', 'R4']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'ts', descending: true }]))).toEqual(['R1', 'R4', 'R2', 'R3']);
    // Most rows: read by whole columns; a row the index does not hold is read from its own cells.
    const stray = index.rows()[3].cloneNode(true) as Element;
    stray.setAttribute('id', 'X');
    const dtCell = Array.from(stray.childNodes).filter((n) => n.nodeType === 1)[index.column('dt')!.pos - 1];
    dtCell.textContent = '0001-01-01 BC';
    expect(ids(sortRows(index, [...index.rows(), stray], [{ colId: 'dt' }]))).toEqual(['R2', 'X', 'R3', 'R1', 'R4']);
    expect(ids(sortRows(index, [index.rows()[3], index.rows()[1]], [{ colId: 'dt' }]))).toEqual(['R2', 'R4']);
  });

  it('compares booleans in any spelling, big integers exactly, NaN and the infinities as PostgreSQL does', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'b', type: 'BOOLEAN' }, { id: 'g', type: 'BIGINT' }, { id: 'n', type: 'NUMERIC' }], [
      ['true', '4294967296', 'NaN'],
      ['false', '9007199254740992', '11'],
      ['TRUE', '5', 'Infinity'],
      [null, '-1', '2'],
    ])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Expression bRef="b" op="=" value="1"/>')).toEqual(['R1', 'R3']);
    expect(pick('<f:Expression bRef="b" op="in" value="t,f"/>')).toEqual(['R1', 'R2', 'R3']);
    expect(pick('<f:Expression bRef="b" op="&gt;=" value="TRUE"/>')).toEqual(['R1', 'R3']);
    expect(pick('<f:Expression bRef="g" op="bitand" value="4294967296"/>')).toEqual(['R1', 'R4']);
    expect(pick('<f:Expression bRef="g" op="=" value="9007199254740993"/>')).toEqual([]);
    expect(pick('<f:Expression bRef="g" op="in" value="9007199254740992,5.0"/>')).toEqual(['R2', 'R3']);
    expect(pick('<f:Expression bRef="n" op="&gt;" value="1000"/>')).toEqual(['R1', 'R3']);
    expect(pick('<f:Expression bRef="n" op="=" value="NaN"/>')).toEqual(['R1']);
    expect(pick('<f:Expression bRef="n" op="=" value="Infinity"/>')).toEqual(['R3']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'n' }]))).toEqual(['R4', 'R2', 'R3', 'R1']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'g', descending: true }]))).toEqual(['R2', 'R1', 'R3', 'R4']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'b' }]))).toEqual(['R2', 'R1', 'R3', 'R4']);
  });

  it('takes an empty text as an empty cell, as the server does: = "" finds it, comparisons and like pass it over, sorting puts it last', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 't' }], [['b'], [''], [null], ['a']])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Expression bRef="t" op="=" value=""/>')).toEqual(['R2', 'R3']);
    expect(pick('<f:Expression bRef="t" op="&lt;>" value="x"/>')).toEqual(['R1', 'R4']);
    expect(pick('<f:Expression bRef="t" op="like" value="*"/>')).toEqual(['R1', 'R4']);
    expect(pick('<f:Expression bRef="t" op="notLike" value="x"/>')).toEqual(['R1', 'R4']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 't', descending: true }]))).toEqual(['R1', 'R4', 'R2', 'R3']);
  });

  it('leaves out an empty f:And or f:Or inside another, pads CHAR, orders text by code point, folds case for text only, sorts timestamps to the fraction', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'c', type: 'CHAR' }, { id: 'v' }, { id: 'b', type: 'BOOLEAN' }, { id: 'ts', type: 'TIMESTAMP' }], [
      ['ab', '\uFF21', 'false', '2020-02-03 10:00:00'],
      ['x', 'b', 'true', '2020-02-03 10:00:00.5'],
    ])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Or><f:Or/><f:Expression bRef="c" op="=" value="x"/></f:Or>')).toEqual(['R2']);
    expect(pick('<f:Expression bRef="c" op="in" value="a,ab "/>')).toEqual(['R1']);
    expect(pick('<f:Expression bRef="c" op="&gt;=" value="x  " ic="1"/>')).toEqual(['R2']);
    expect(pick('<f:Expression bRef="v" op="&gt;=" value="\u{1F600}"/>')).toEqual([]);
    expect(pick('<f:Expression bRef="v" op="&lt;" value="\u{1F600}"/>')).toEqual(['R1', 'R2']);
    expect(pick('<f:Expression bRef="b" op="notLike" value="*LSE*" ic="1"/>')).toEqual(['R1', 'R2']);
    expect(ids(sortRows(index, index.rows(), [{ colId: 'ts', descending: true }]))).toEqual(['R2', 'R1']);
    // A filter value keeps its fraction; a cell compares to the second, as the server truncates it.
    expect(pick('<f:Expression bRef="ts" op="&gt;=" value="2020-02-03T10:00:00.5"/>')).toEqual([]);
    expect(pick('<f:Expression bRef="ts" op="&lt;" value="2020-02-03T10:00:00.5"/>')).toEqual(['R1', 'R2']);
    expect(pick('<f:Expression bRef="ts" op="notIn" value="2020-02-03T10:00:00.5"/>')).toEqual(['R1', 'R2']);
  });

  it('reads only decimal numbers and real calendar moments: malformed cells match no comparison', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'n', type: 'NUMERIC' }, { id: 'ts', type: 'TIMESTAMP' }], [
      ['.5', '2020-13-01'],
      ['1.2.3', '2020-01-02T24:00:00'],
      ['0x10', '2020-01-02x10:00:00'],
      ['-', '2020-01-02 10:00:00'],
      ['+7', '2020-01-0210:00:00'],
      ['1', '2023-02-29'],
      ['2', '2024-02-29'],
      ['3', '2024-04-31 10:00:00'],
    ])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Expression bRef="n" op="&gt;" value="0"/>')).toEqual(['R1', 'R5', 'R6', 'R7', 'R8']);
    expect(pick('<f:Expression bRef="ts" op="&gt;" value="1900-01-01"/>')).withContext('no 2023-02-29, no April 31').toEqual(['R4', 'R7']);
  });

  it('finds big integers by in as by =, however they are written', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'g', type: 'NUMERIC' }], [['20000000000000000000000'], ['12345678901234567'], ['5']])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Expression bRef="g" op="in" value="2e22"/>')).toEqual(['R1']);
    expect(pick('<f:Expression bRef="g" op="=" value="2e22"/>')).toEqual(['R1']);
    expect(pick('<f:Expression bRef="g" op="in" value="12345678901234567.0,5.00"/>')).toEqual(['R2', 'R3']);
  });

  it('puts NaN above every number, a bigint too', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'd', type: 'DOUBLE' }, { id: 'g', type: 'BIGINT' }], [['NaN', '-9223372036854775808'], ['1', '9223372036854775807']])));
    expect(ids(filterRows(index, filter('<f:Expression bRef="d" op="=" bRef2="g"/>')))).toEqual([]);
    expect(ids(filterRows(index, filter('<f:Expression bRef="d" op="&gt;" bRef2="g"/>')))).toEqual(['R1']);
  });

  it('an empty f:And or f:Or restricts nothing; bRef2 compares with another column of the row', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'a', type: 'INTEGER' }, { id: 'b', type: 'INTEGER' }, { id: 't' }], [['1', '2', 'x'], ['3', '3', 'y'], ['5', null, 'z']])));
    const pick = (body: string) => ids(filterRows(index, filter(body)));
    expect(pick('<f:Or/>')).toEqual(['R1', 'R2', 'R3']);
    expect(pick('<f:And><f:Or/><f:Expression bRef="a" op="&gt;" value="1"/></f:And>')).toEqual(['R2', 'R3']);
    expect(pick('<f:Expression bRef="a" op="&lt;" bRef2="b"/>')).toEqual(['R1']);
    expect(pick('<f:Expression bRef="a" op="=" bRef2="b"/>')).toEqual(['R2']);
    expect(() => pick('<f:Expression bRef="a" op="=" bRef2="t"/>')).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
  });

  it('like uses * as wild card, ic ignores case, notLike inverts', () => {
    const index = people();
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="like" value="a*"/>')))).toEqual(['R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="like" value="a*" ic="true"/>')))).toEqual(['R1', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="like" value="*n*" ic="true"/>')))).toEqual(['R1', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="notLike" value="*o*"/>')))).toEqual(['R1', 'R2']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="name" op="like" value="(.)*"/>')))).toEqual([]);
  });

  it('like matches parts in order, anchored where no * stands, and many wildcards on long text come back (no backtracking)', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 't' }], [['abcabc'], ['aXbXc'], ['a'.repeat(5000)], ['aa'], ['a'], ['']])));
    const like = (value: string) => ids(filterRows(index, filter(`<f:Expression bRef="t" op="like" value="${value}"/>`)));
    expect(like('a*c')).toEqual(['R1', 'R2']);
    expect(like('*b*b*')).toEqual(['R1']);
    expect(like('a*a')).toEqual(['R3', 'R4']);
    expect(like('*')).withContext('an empty text is an empty cell').toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(like('abc')).toEqual([]);
    expect(like('**X**')).toEqual(['R2']);
    expect(like(`*${'a*'.repeat(30)}b*`)).toEqual([]);
    expect(like(`*${'a*'.repeat(30)}`)).toEqual(['R3']);
  });

  it('a column named constructor is filtered by its expressions when no custom function is given for it', () => {
    const index = WrsIndex.of(parseXml(wrsText([{ id: 'constructor' }], [['x'], ['y']])));
    const f = filter('<f:Expression bRef="constructor" op="=" value="x"/>');
    expect(ids(filterRows(index, f, { custom: {} }))).toEqual(['R1']);
  });

  it('in / notIn take comma-separated lists; an empty value means IS NULL', () => {
    const index = people();
    expect(ids(filterRows(index, filter('<f:Expression bRef="country" op="in" value="DE,IT"/>')))).toEqual(['R1', 'R4', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="country" op="notIn" value="DE"/>')))).toEqual(['R2', 'R5']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="country" op="=" value=""/>')))).toEqual(['R3']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="qty" op="!=" value=""/>')))).toEqual(['R1', 'R2', 'R3', 'R5']);
  });

  it('reads an empty item of an in list as NULL (as the reference server does), never as 0', () => {
    const index = people();
    const qty = (op: string, value: string) => ids(filterRows(index, filter(`<f:Expression bRef="qty" op="${op}" value="${value}"/>`)));
    expect(qty('in', '3,')).toEqual(['R1', 'R4']);
    expect(qty('in', ',')).toEqual(['R4']);
    expect(qty('notIn', '3,')).toEqual(['R2', 'R3', 'R5']);
    expect(qty('in', '0,')).toEqual(['R4']);
    expect(ids(filterRows(index, filter('<f:Expression bRef="country" op="in" value="FR,"/>')))).toEqual(['R2', 'R3']);
  });

  it('f:And binds all, f:Or any, nested', () => {
    const index = people();
    const f = filter(
      '<f:Or><f:And><f:Expression bRef="country" op="=" value="DE"/><f:Expression bRef="qty" op="&gt;" value="1"/></f:And><f:Expression bRef="name" op="=" value="bert"/></f:Or>',
    );
    expect(ids(filterRows(index, f))).toEqual(['R1', 'R2']);
    expect(ids(filterRows(index, filter('')))).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(ids(filterRows(index, null))).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
  });

  it('bitand keeps rows whose integer shares a bit with the mask', () => {
    expect(ids(filterRows(people(), filter('<f:Expression bRef="qty" op="bitand" value="4"/>')))).toEqual(['R2', 'R3', 'R5']);
  });

  it('a custom column filter replaces the expressions on its column', () => {
    const index = people();
    const keep = compileFilter(filter('<f:Expression bRef="name" op="=" value="ignored"/>'), index, {
      custom: { name: (value) => !!value && value.length === 4 },
    });
    expect(index.rows().filter(keep).map((r) => r.getAttribute('id'))).toEqual(['R1', 'R2', 'R3', 'R4']);
  });

  it('unknown columns and operators raise typed errors', () => {
    const index = people();
    expect(() => compileFilter(filter('<f:Expression bRef="nope" value="1"/>'), index)).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'UNKNOWN_COLUMN' && e.input === 'nope',
    );
    expect(() => compileFilter(filter('<f:Expression bRef="qty" op="drop table" value="1"/>'), index)).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.input === 'drop table',
    );
    expect(() => compileFilter(filter('<f:Expression bRef="qty" op="&gt;" value="ten"/>'), index)).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT',
    );
  });
});

describe(`ColumnValues (${domName()})`, () => {
  it('filtering and sorting from kept column values give the same rows as reading the DOM', () => {
    const index = people();
    const values = new ColumnValues(index);
    const f = filter('<f:Expression bRef="name" op="like" value="*n*" ic="true"/><f:Expression bRef="qty" op="&gt;" value="2"/>');
    expect(ids(filterRows(index, f, { values }))).toEqual(ids(filterRows(index, f)));
    expect(ids(sortRows(index, index.rows(), [{ colId: 'qty', descending: true }], values))).toEqual(['R5', 'R2', 'R3', 'R1', 'R4']);
  });

  it('keeps values until invalidated, and notices rows that came or went', () => {
    const index = people();
    const values = new ColumnValues(index);
    const f = filter('<f:Expression bRef="name" op="=" value="Zeno"/>');
    expect(ids(filterRows(index, f, { values }))).toEqual([]);
    writeCell(index.rowById('R2')!, 1, 'Zeno', index);
    expect(ids(filterRows(index, f, { values }))).toEqual([]);
    values.invalidate();
    expect(ids(filterRows(index, f, { values }))).toEqual(['R2']);
    index.data!.removeChild(index.rowById('R1')!);
    index.invalidate();
    expect(ids(filterRows(index, filter('<f:Expression bRef="qty" op="&gt;" value="0"/>'), { values }))).toEqual(['R2', 'R3', 'R5']);
  });
});

/** A Wrs of `width` columns whose cell (r, c) holds `r.c`, some cells null, an M row (C/O pairs), a short and a pretty-printed row. */
function wideTable(width: number, rows: number): WrsIndex {
  const columns = Array.from({ length: width }, (_, c) => ({ id: `c${c + 1}` }));
  const data = Array.from({ length: rows }, (_, r) => columns.map((_, c) => ((r + c) % 7 === 3 ? null : `${r + 1}.${c + 1}`)));
  const index = WrsIndex.of(parseXml(wrsText(columns, data)));
  for (let c = 1; c <= width; c += 3) writeCell(index.rowById('R4')!, c, `edited ${c}`, index);
  // A row missing its last cells, and a pretty-printed row (white space and a comment between its cells).
  const short = index.rowById(`R${rows - 2}`)!;
  while (short.childNodes.length > 3) short.removeChild(short.lastChild!);
  const pretty = index.rowById('R2')!;
  for (const cell of Array.from(pretty.childNodes)) pretty.insertBefore(pretty.ownerDocument!.createTextNode('\n  '), cell);
  pretty.insertBefore(pretty.ownerDocument!.createComment('cells'), pretty.firstChild);
  // A row with a foreign element before its cells (x:C is no wrs:C).
  const foreign = index.rowById('R3')!;
  foreign.insertBefore(foreign.ownerDocument!.createElementNS('urn:x', 'x:C'), foreign.firstChild).textContent = 'foreign';
  // And one with a foreign element in the middle of its cells.
  const middle = index.rowById('R5')!;
  middle.insertBefore(middle.ownerDocument!.createElementNS('urn:x', 'x:Note'), nthCell(middle, 3)).textContent = 'note';
  return index;
}

function domColumn(index: WrsIndex, pos: number): (string | null)[] {
  return index.rows().map((row) => {
    const cell = nthCell(row, pos);
    return cell ? cellValue(cell) : null;
  });
}

describe(`ColumnValues reading (${domName()})`, () => {
  it('reads every column as counting the wrs:C elements does: near and deep columns, M rows, null cells, rows of other shapes', () => {
    const index = wideTable(20, 40);
    const values = new ColumnValues(index);
    for (let pos = 1; pos <= 20; pos++) expect(values.values(pos)).withContext(`column ${pos}`).toEqual(domColumn(index, pos));
    expect(values.values(1)[3]).toBe('edited 1');
    expect(values.values(4)[0]).toBeNull();
    expect(values.values(20)[37]).toBeNull();
    expect(values.values(20)[1]).toBe('2.20');
    expect(values.values(16)[3]).toBe('edited 16');
    expect(values.values(1)[2]).toBe('3.1');
    expect(values.values(20)[2]).toBe('3.20');
    expect([2, 3, 4, 20].map((pos) => values.values(pos)[4])).toEqual(['5.2', '5.3', '5.4', '5.20']);
  });

  it('reads the middle columns of a wide table (far from both row ends) as counting the wrs:C elements does', () => {
    const index = wideTable(60, 30);
    const values = new ColumnValues(index);
    for (let pos = 1; pos <= 60; pos++) expect(values.values(pos)).withContext(`column ${pos}`).toEqual(domColumn(index, pos));
  });

  it('prefetch reads columns ahead in steps; a column asked for halfway is completed and stays right', () => {
    const index = wideTable(16, 30);
    const values = new ColumnValues(index);
    expect(values.prefetch([1, 14, 16], 12)).toBeFalse();
    expect(values.values(14)).toEqual(domColumn(index, 14));
    expect(values.prefetch([1, 14, 16], 12)).toBeFalse();
    expect(values.prefetch([1, 14, 16], 12)).toBeTrue();
    for (const pos of [1, 14, 16]) expect(values.values(pos)).toEqual(domColumn(index, pos));
  });

  it('readAhead reads one column in steps, interleaved with prefetch, to where the rows end', () => {
    const index = wideTable(20, 40);
    writeCell(index.rowById('R6')!, 17, '', index);
    const values = new ColumnValues(index);
    expect(values.readAhead(17, 15)).toBeFalse();
    expect(values.prefetch([1, 17], 10)).toBeFalse();
    expect(values.readAhead(17, 15)).toBeFalse();
    expect(values.readAhead(17, 15)).toBeTrue();
    expect(values.readAhead(17, 15)).toBeTrue();
    expect(values.values(17)).toEqual(domColumn(index, 17));
    expect(values.values(17)[5]).toBe('');
    expect(values.values(17)[3]).toBe('4.17');
    expect(values.values(1)).toEqual(domColumn(index, 1));
  });

  it('changed(rowIds) re-reads the rows named; rows that came or went, or an unnamed change, drop every kept column', () => {
    const index = people();
    const values = new ColumnValues(index);
    expect(values.values(1)).toEqual(['Anna', 'bert', 'Cleo', 'Dora', 'anton']);
    writeCell(index.rowById('R2')!, 1, 'Berta', index);
    writeCell(index.rowById('R3')!, 1, 'Clea', index);
    values.changed(['R2']);
    // Only R2 was named: its value is read again (the row is an M row now), R3 keeps the value read before.
    expect(values.values(1)).toEqual(['Anna', 'Berta', 'Cleo', 'Dora', 'anton']);
    values.changed([]);
    expect(values.values(1)).toEqual(['Anna', 'Berta', 'Clea', 'Dora', 'anton']);

    const added = createRow(index.doc, 'I', 'I_1_R1', ['Zora', '1', 'AT', null]);
    index.data!.insertBefore(added, index.rowById('R1'));
    index.inserted(0, [added]);
    values.changed(['I_1_R1']);
    expect(values.values(1)).toEqual(['Zora', 'Anna', 'Berta', 'Clea', 'Dora', 'anton']);
  });
});

describe(`sortRows (${domName()})`, () => {
  it('sorts numbers numerically, text by collation, empty cells last, multi-column and stable', () => {
    const index = people();
    const rows = index.rows();
    expect(ids(sortRows(index, rows, [{ colId: 'qty' }]))).toEqual(['R1', 'R3', 'R2', 'R5', 'R4']);
    expect(ids(sortRows(index, rows, [{ colId: 'qty', descending: true }]))).toEqual(['R5', 'R2', 'R3', 'R1', 'R4']);
    expect(ids(sortRows(index, rows, [{ colId: 'name' }]))).toEqual(['R1', 'R5', 'R2', 'R3', 'R4']);
    expect(ids(sortRows(index, rows, [{ colId: 'country' }, { colId: 'name', descending: true }]))).toEqual(['R4', 'R1', 'R2', 'R5', 'R3']);
    expect(ids(sortRows(index, rows, []))).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
  });

  it('raises UNKNOWN_COLUMN for an unknown sort column', () => {
    expect(() => sortRows(people(), [], [{ colId: 'nope' }])).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_COLUMN');
  });
});
