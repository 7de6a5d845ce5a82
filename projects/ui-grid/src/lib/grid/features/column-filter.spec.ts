import { NS, StaticModel, WrsError, WrsIndex, filterRows, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { ColumnFilterValue, filterElement, filterInputProblem, formatFilterInput, parseFilterInput, readColumnFilters, readFilterElement, withoutColumnFilters, writeColumnFilter } from './column-filter';
import { GridColumn } from '../grid-column';

function column(over: Partial<GridColumn>): GridColumn {
  return {
    id: 'c', pos: 1, caption: 'C', typeName: 'VARCHAR', scale: null, width: 100, hidden: false, className: '', readOnly: false, isKey: false,
    nullable: true, numeric: false, checkbox: null, references: null, rendererType: null, editorType: null, editorParams: {}, group: -1,
    ...over,
  } as GridColumn;
}

describe('column filters', () => {
  it('reads field input: contains, =equals, ranges and single values', () => {
    const text = column({});
    const num = column({ typeName: 'INTEGER', numeric: true });
    const date = column({ typeName: 'DATE' });
    expect(parseFilterInput(text, 'ann')).toEqual({ kind: 'text', op: 'contains', text: 'ann' });
    expect(parseFilterInput(text, '=Anna')).toEqual({ kind: 'text', op: 'equals', text: 'Anna' });
    expect(parseFilterInput(text, '  ')).toBeNull();
    expect(parseFilterInput(num, '5..9')).toEqual({ kind: 'range', from: '5', to: '9' });
    expect(parseFilterInput(num, '5..')).toEqual({ kind: 'range', from: '5', to: '' });
    expect(parseFilterInput(num, '7')).toEqual({ kind: 'range', from: '7', to: '7' });
    expect(parseFilterInput(date, '2026-01-01..2026-03-31')).toEqual({ kind: 'range', from: '2026-01-01', to: '2026-03-31' });
    expect(formatFilterInput({ kind: 'range', from: '7', to: '7' })).toBe('7');
    expect(formatFilterInput({ kind: 'text', op: 'equals', text: 'x' })).toBe('=x');
  });

  it('refuses a number range bound that is no number, naming it', () => {
    const num = column({ id: 'qty', typeName: 'INTEGER', numeric: true });
    let error: unknown;
    try {
      parseFilterInput(num, '1..x');
    } catch (e) {
      error = e;
    }
    expect(error instanceof WrsError && error.code === 'INVALID_ARGUMENT' && error.input === '1..x').toBeTrue();
    // Only what the filter (and the server) reads as a number: decimal notation.
    for (const bound of ['0x10', '0b1', '0o7', '1.2.3']) expect(filterInputProblem(num, `${bound}..9`)).withContext(bound).toEqual({ bound, expected: 'number' });
    expect(filterInputProblem(num, '-1.5..1e3')).toBeNull();
  });

  it('refuses calendar moments that do not exist and timestamps finer than the server keeps', () => {
    const date = column({ id: 'd', typeName: 'DATE' });
    const ts = column({ id: 't', typeName: 'TIMESTAMP' });
    expect(filterInputProblem(date, '2026-13-01')).toEqual({ bound: '2026-13-01', expected: 'date' });
    expect(filterInputProblem(ts, '2026-03-01 24:00')).toEqual({ bound: '2026-03-01 24:00', expected: 'timestamp' });
    expect(filterInputProblem(ts, '2026-03-01 10:00:00.1234567')).toEqual({ bound: '2026-03-01 10:00:00.1234567', expected: 'timestamp' });
    expect(filterInputProblem(ts, '2026-03-01T10:00:00.123456')).toBeNull();
  });

  it('names a date or timestamp bound of the wrong form, and trims a text filter', () => {
    const date = column({ id: 'd', typeName: 'DATE' });
    const ts = column({ id: 't', typeName: 'TIMESTAMP' });
    expect(filterInputProblem(date, '2026-3-3')).toEqual({ bound: '2026-3-3', expected: 'date' });
    expect(filterInputProblem(date, '2026-03-01..xyz')).toEqual({ bound: 'xyz', expected: 'date' });
    expect(filterInputProblem(date, '2026-03-01..')).toBeNull();
    expect(filterInputProblem(ts, '2026-03-01 10:00..2026-03-02')).toBeNull();
    expect(filterInputProblem(ts, '2026-03-01 25')).toEqual({ bound: '2026-03-01 25', expected: 'timestamp' });
    expect(() => parseFilterInput(date, 'xyz')).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.input === 'xyz');
    expect(parseFilterInput(column({ id: 'n' }), '  ann ')).toEqual({ kind: 'text', op: 'contains', text: 'ann' });
  });

  it('writes f:Expressions the core filter evaluates, and reads them back', () => {
    const data = parseXml(wrsText([{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'c', references: ['DE', 'FR'] }], [['Anna', '3', 'DE'], ['Bert', '5', 'FR'], ['Cleo', '7', null]]));
    const index = WrsIndex.of(data);
    const values: ColumnFilterValue[] = [
      { kind: 'text', op: 'contains', text: 'E' },
      { kind: 'range', from: '4', to: '' },
      { kind: 'values', values: ['DE', ''] },
    ];
    const cols = ['name', 'qty', 'c'];
    const expected = [['R2', 'R3'], ['R2', 'R3'], ['R1', 'R3']];
    values.forEach((v, i) => {
      const and = filterElement(data, `g_cf_${cols[i]}`, cols[i], v);
      expect(readFilterElement(and)).toEqual(v);
      const filter = parseXml(`<f:Filter xmlns:f="${NS.f}"/>`);
      filter.documentElement!.appendChild(filter.importNode(and, true));
      expect(filterRows(index, filter.documentElement!).map((r) => r.getAttribute('id'))).withContext(cols[i]).toEqual(expected[i]);
    });
  });

  it('sets and clears one column filter in the status model as one change set, leaving the app filter alone', async () => {
    const status = new StaticModel({ data: `<s:S xmlns:s="urn:s" xmlns:f="${NS.f}"><f:Filter><f:Expression bRef="x" op="=" value="1"/></f:Filter></s:S>` });
    await status.fetchData();
    const fired: number[] = [];
    status.onChange(() => fired.push(1), '/*/f:Filter');
    writeColumnFilter(status, 'g', 'name', { kind: 'text', op: 'equals', text: 'Anna' });
    writeColumnFilter(status, 'g', 'name', { kind: 'text', op: 'equals', text: 'Bert' });
    expect(serializeXml(status.getData()!)).toContain('<f:Expression bRef="x" op="=" value="1"/><f:And id="g_cf_name"><f:Expression bRef="name" op="=" value="Bert"/></f:And>');
    expect(readColumnFilters(status, 'g', ['name', 'qty']).get('name')).toEqual({ kind: 'text', op: 'equals', text: 'Bert' });
    writeColumnFilter(status, 'g', 'name', null);
    expect(serializeXml(status.getData()!)).not.toContain('g_cf_name');
    expect(fired.length).toBe(3);
  });

  it('creates /*/f:Filter when the status model has none', async () => {
    const status = new StaticModel({ data: '<Status/>' });
    await status.fetchData();
    writeColumnFilter(status, 'g', 'qty', { kind: 'range', from: '1', to: '2' });
    expect(serializeXml(status.getData()!)).toContain(`<f:Filter xmlns:f="${NS.f}"><f:And id="g_cf_qty">`);
  });

  it('leaves the grid column filters out of a client-side load request', () => {
    const request = parseXml(`<wrq:WrsRequest xmlns:wrq="${NS.wrq}" xmlns:f="${NS.f}"><wrq:Select><f:Filter><f:Expression bRef="x" op="=" value="1"/><f:And id="g_cf_name"><f:Expression bRef="name" op="=" value="A"/></f:And></f:Filter></wrq:Select></wrq:WrsRequest>`);
    const out = serializeXml(withoutColumnFilters(request, 'g'));
    expect(out).toContain('bRef="x"');
    expect(out).not.toContain('g_cf_name');
  });
});
