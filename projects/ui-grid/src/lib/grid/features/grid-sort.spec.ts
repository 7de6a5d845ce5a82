import { NS, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { configOrderings, setRequestOrdering, toggleOrdering } from './grid-sort';

describe('grid sorting', () => {
  it('cycles a column asc -> desc -> none; a plain click drops the other keys, shift keeps them', () => {
    let keys = toggleOrdering([], 'a', false);
    expect(keys).toEqual([{ colId: 'a' }]);
    keys = toggleOrdering(keys, 'b', true);
    expect(keys).toEqual([{ colId: 'a' }, { colId: 'b' }]);
    keys = toggleOrdering(keys, 'a', true);
    expect(keys).toEqual([{ colId: 'a', descending: true }, { colId: 'b' }]);
    keys = toggleOrdering(keys, 'a', true);
    expect(keys).toEqual([{ colId: 'b' }]);
    expect(toggleOrdering(keys, 'c', false)).toEqual([{ colId: 'c' }]);
  });

  it('reads grid:OrderColumns and writes wrq:Ordering', () => {
    const config = parseXml(`<grid:GridConfiguration xmlns:grid="${NS.grid}"><grid:OrderColumns><grid:C bRef="a" order="desc"/><grid:C bRef="b"/></grid:OrderColumns></grid:GridConfiguration>`);
    const keys = configOrderings(config);
    expect(keys).toEqual([{ colId: 'a', descending: true }, { colId: 'b', descending: false }]);
    const request = parseXml(`<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select><wrq:Ordering><wrq:C bRef="z" order="asc"/></wrq:Ordering></wrq:Select></wrq:WrsRequest>`);
    expect(serializeXml(setRequestOrdering(request, keys))).toContain('<wrq:Select><wrq:Ordering><wrq:C bRef="a" order="desc"/><wrq:C bRef="b" order="asc"/></wrq:Ordering></wrq:Select>');
    expect(serializeXml(setRequestOrdering(request, []))).not.toContain('Ordering');
  });
});
