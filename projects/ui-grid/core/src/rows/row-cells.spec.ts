import { domName } from '../../testing/fixtures';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { RowCells } from './row-cells';
import { RowStore } from './row-store';

describe(`RowCells (${domName()})`, () => {
  // `onlyCells` tells without cutting values what `layout` reads: a row of the usual shape with no wrs:O in it.
  for (let seed = 1; seed <= 20; seed++) it(`onlyCells agrees with layout on every row of a random Wrs (seed ${seed})`, () => {
    const text = randomWrsText(seededRandom(seed), 40, 3);
    const prefix = /<(?:([\w.-]+):)?Data>/.exec(text)![1] ?? '';
    const cells = new RowCells(text, prefix);
    const { rows, starts, ends } = RowStore.open(text)!.textRows();
    expect(rows.length).toBeGreaterThan(0);
    let usual = 0;
    for (let k = 0; k < rows.length; k++) {
      const layout = cells.layout(starts[k], ends[k]);
      const expected = layout !== undefined && !layout.kinds.includes('O');
      if (expected) usual++;
      expect(cells.onlyCells(starts[k], ends[k])).withContext(text.slice(starts[k], ends[k])).toBe(expected);
    }
    expect(usual).toBeGreaterThan(0);
  });

  it('onlyCells is false for markup between cells or an original, true for text, null and empty cells', () => {
    const rows = ['<R id="a"><C>1</C><!-- c --><C>2</C></R>', '<R id="b"><C>1</C><x/></R>', '<M id="m"><C>1</C><O>2</O></M>', '<R id="c"> <C/> <C><null/></C> </R>', '<R id="d"/>'];
    const text = rows.join('\n');
    const cells = new RowCells(text, '');
    const onlyCells = (k: number) => {
      const start = text.indexOf(rows[k]);
      return cells.onlyCells(start, start + rows[k].length);
    };
    expect([0, 1, 2, 3, 4].map(onlyCells)).toEqual([false, false, false, true, true]);
  });
});
