import { NS, SourceFind, WrsIndex, WrsUtil } from 'ngx-wrs-grid/core';
import { sourceTextOf } from '../../../../core/src/xml/source-text';
import { MountedGrid, mountGrid } from '../testing/mount-grid';
import { FindSearch } from './find-search';

/**
 * 20,000 rows of names, numbers and a country: over 1 MB of text, so the parsed document keeps its source text and
 * find counts in it. `needle` in the rows given.
 */
function large(needles: readonly number[]): string {
  const rows: string[] = [];
  for (let r = 0; r < 20_000; r++) {
    const name = needles.includes(r) ? `needle ${r}` : `Name ${r}`;
    rows.push(`<wrs:R id="R${r}"><wrs:C>${name}</wrs:C><wrs:C>${r % 1000}</wrs:C><wrs:C>Country ${r % 8}</wrs:C></wrs:R>`);
  }
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="name" caption="Name" type-name="VARCHAR"/>`
    + `<wrs:C pos="2" id="qty" caption="Qty" type-name="INTEGER"/><wrs:C pos="3" id="country" caption="Country" type-name="VARCHAR"/>`
    + `</wrs:Columns></wrs:Header><wrs:Data>${rows.join('')}</wrs:Data></wrs:Wrs>`;
}

const focusedText = (m: MountedGrid) => m.el.querySelector('.ui-grid-cell-focus')?.textContent ?? null;
const countText = (m: MountedGrid) => m.el.querySelector('[data-test="find-count"]')?.textContent?.trim() ?? null;

async function until(condition: () => boolean, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Slices of counting that do the least work each (one window of text, one chunk of rows): many tasks, whatever the machine. */
function slowCounting(): jasmine.Spy {
  const slice = FindSearch.prototype.slice;
  return spyOn(FindSearch.prototype, 'slice').and.callFake(function (this: FindSearch) {
    return slice.call(this, -1);
  });
}

describe('find in a large document straight after load', () => {
  afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

  it('moves the focus to a far first match found by counting (no cell read), while the count is still running', async () => {
    const m = await mountGrid(large([15_000, 19_999]));
    expect(sourceTextOf(m.grid.getData()!)).withContext('the grid keeps the text it parsed').not.toBeNull();
    const find = m.grid['find'];
    const countingAtMove: boolean[] = [];
    const goTo = find['goTo'].bind(find);
    spyOn(find as unknown as { goTo: typeof goTo }, 'goTo').and.callFake((cell) => {
      countingAtMove.push(find.counting());
      goTo(cell);
    });
    slowCounting();
    const total = m.grid.openFind('needle');
    m.fixture.detectChanges();
    expect(find.counting()).toBeTrue();
    expect(countText(m)).toBe('0 found so far…');
    expect(await total).toBe(2);
    m.fixture.detectChanges();
    expect(countingAtMove).toEqual([true]);
    expect(focusedText(m)).toBe('needle 15000');
    expect(countText(m)).toBe('1 of 2');
  });

  it('the open empty field checks the source text ahead: a query typed then searches it at once', async () => {
    const m = await mountGrid(large([19_999]));
    const prepare = spyOn(SourceFind.prototype, 'prepare').and.callThrough();
    const find = m.grid['find'];
    find.open();
    await until(() => prepare.calls.any() && prepare.calls.mostRecent().returnValue === true);
    prepare.calls.reset();
    // Slices with no time: a text not checked yet would answer false to the first.
    slowCounting();
    find.setQuery('needle');
    expect(prepare.calls.all().map((call) => call.returnValue)).toEqual([true]);
    expect(await find.counted()).toBe(1);
    m.fixture.detectChanges();
    expect(focusedText(m)).toBe('needle 19999');
  });

  it('leaves the focus where the user moved it while the first match was being looked for', async () => {
    const m = await mountGrid(large([19_999]));
    const find = m.grid['find'];
    slowCounting();
    find.open();
    find.setQuery('needle');
    m.grid['state'].selection.focus = { row: 3, col: 1 };
    expect(await find.counted()).toBe(1);
    expect(m.grid['state'].selection.focus).toEqual({ row: 3, col: 1 });
  });

  it('a newer query stops the count of the older one; the count is the newer query\'s', async () => {
    const m = await mountGrid(large([7]));
    const find = m.grid['find'];
    const slices = slowCounting();
    find.open();
    find.setQuery('name 1');
    const older = slices.calls.mostRecent().object;
    expect(find.counting()).toBeTrue();
    find.setQuery('needle');
    const newer = slices.calls.mostRecent().object;
    expect(newer).not.toBe(older);
    const callsBefore = slices.calls.count();
    expect(await find.counted()).toBe(1);
    expect(slices.calls.all().slice(callsBefore).every((call) => call.object === newer)).toBeTrue();
    m.fixture.detectChanges();
    expect(countText(m)).toBe('1 of 1');
  });

  it('counts the edited cells when an edit comes while counting', async () => {
    const m = await mountGrid(large([]));
    const find = m.grid['find'];
    slowCounting();
    find.open();
    find.setQuery('name 1999');
    expect(find.counting()).toBeTrue();
    new WrsUtil().setCellValue(m.grid, 'R5', 'name', 'Name 1999 too');
    m.grid.fire();
    await until(() => !find.counting() && find.count() === 12);
    // Name 1999, 19990-19999 and the edited row; the document changed, so its text is no longer searched.
    expect(sourceTextOf(m.grid.getData()!)).toBeNull();
    expect(WrsIndex.of(m.grid.getData()!).rowById('R5')!.localName).toBe('M');
    expect(await find.counted()).toBe(12);
  });
});
