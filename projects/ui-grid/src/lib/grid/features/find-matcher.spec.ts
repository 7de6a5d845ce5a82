import { NS, WrsIndex, parseXml } from 'ngx-wrs-grid/core';
import { gridLayout } from '../grid-column';
import { FindMatches, findMatcher } from './find-matcher';
import { ElementFindRows } from './find-rows';
import { FindSearch } from './find-search';
import { GridRowView } from './grid-row-view';
import { ShownTexts } from './shown-text';

const cell = () => ({ prop: 'c', col: 0, rowId: 'R1' });

describe('findMatcher', () => {
  it('matches text containing the query, ignoring case, with regular expression characters taken literally', () => {
    const { matches } = findMatcher('mü.(1')!;
    expect(matches('Grüße MÜ.(1)', cell)).toBeTrue();
    expect(matches('mux(1', cell)).toBeFalse();
    expect(matches('', cell)).toBeFalse();
    expect(findMatcher('ANNA')!.matches('hanna', cell)).toBeTrue();
  });

  it('matches nothing for an empty query', () => {
    expect(findMatcher('')).toBeNull();
  });

  it('asks a queryMethod with the query, the shown text and where the cell is', () => {
    const method = jasmine.createSpy('queryMethod').and.returnValue(true);
    expect(findMatcher('x', method)!.matches('Text', cell)).toBeTrue();
    expect(method).toHaveBeenCalledWith('x', 'Text', { prop: 'c', col: 0, rowId: 'R1' });
  });
});

describe('FindMatches', () => {
  /** Matches at (0,1), (2,0), (2,2), (5,1) of a 3-column view. */
  function sample(): FindMatches {
    const m = new FindMatches(3);
    m.add(0, 1);
    m.add(2, 0);
    m.add(2, 2);
    m.add(5, 1);
    return m;
  }

  it('steps to the next and previous match from any cell, wrapping round', () => {
    const m = sample();
    expect(m.at(m.step(2, 0, false))).toEqual({ order: 2, col: 2 });
    expect(m.at(m.step(2, 1, false))).toEqual({ order: 2, col: 2 });
    expect(m.at(m.step(5, 1, false))).withContext('wraps to the first').toEqual({ order: 0, col: 1 });
    expect(m.at(m.step(0, 1, true))).withContext('wraps to the last').toEqual({ order: 5, col: 1 });
    expect(m.at(m.step(3, 0, true))).toEqual({ order: 2, col: 2 });
    expect(m.at(m.step(2, 0, false, true))).withContext('inclusive: the cell itself').toEqual({ order: 2, col: 0 });
    expect(new FindMatches(3).step(0, 0, false)).toBe(-1);
  });

  it('knows the number of a match and no number for a cell that does not match', () => {
    const m = sample();
    expect(m.indexOf(2, 2)).toBe(2);
    expect(m.indexOf(2, 1)).toBe(-1);
    expect(m.count).toBe(4);
  });
});

describe('FindSearch', () => {
  /** `rows` rows of a name, a number with a scale and a reference shown by its caption. */
  function view(rows: number): { view: GridRowView; texts: ShownTexts; layout: ReturnType<typeof gridLayout> } {
    const refs = `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="k"><wrs:C>K</wrs:C><wrs:C>Kitchen</wrs:C></wrs:R></wrs:Data></wrs:Wrs></wrs:References>`;
    const data: string[] = [];
    for (let i = 0; i < rows; i++) data.push(`<wrs:R id="R${i + 1}"><wrs:C>Name ${i}</wrs:C><wrs:C>${i}</wrs:C><wrs:C>${i % 3 === 0 ? 'K' : 'other'}</wrs:C></wrs:R>`);
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="name" type-name="VARCHAR"/><wrs:C pos="2" id="n" type-name="DECIMAL" scale="1"/><wrs:C pos="3" id="cat" type-name="VARCHAR">${refs}</wrs:C></wrs:Columns></wrs:Header><wrs:Data>${data.join('')}</wrs:Data></wrs:Wrs>`);
    const index = WrsIndex.of(doc);
    const v = new GridRowView(index);
    return { view: v, texts: new ShownTexts(v), layout: gridLayout(index, null) };
  }

  it('finds the first match near a cell at once, reading only the rows from there', () => {
    const { view: v, texts, layout } = view(1000);
    const search = new FindSearch(new ElementFindRows(v.index, v.index.rows()), layout.columns, texts, findMatcher('kitchen')!);
    expect(search.scan({ order: 4, col: 0 }, false, true, 50)).toEqual({ order: 6, col: 2 });
    expect(search.scan({ order: 6, col: 2 }, true, false, 50)).toEqual({ order: 3, col: 2 });
    expect(search.scan({ order: 999, col: 2 }, false, false, 50)).withContext('wraps round').toEqual({ order: 0, col: 2 });
    expect(search.done).toBeFalse();
  });

  it('counts every match in slices, over the shown text (captions, the scale)', () => {
    const { view: v, texts, layout } = view(9000);
    const search = new FindSearch(new ElementFindRows(v.index, v.index.rows()), layout.columns, texts, findMatcher('kitchen')!);
    let slices = 1;
    while (!search.slice(0)) slices++;
    expect(slices).toBeGreaterThan(3);
    expect(search.matches.count).toBe(3000);
    const decimals = new FindSearch(new ElementFindRows(v.index, v.index.rows()), layout.columns, texts, findMatcher('12.0')!);
    while (!decimals.slice(5));
    expect(decimals.matches.count).withContext('12.0 and 112.0 ... 8912.0').toBe(90);
  });

  it('searches a filtered and sorted view in its order; changed rows show their new text', () => {
    const { view: v, texts, layout } = view(30);
    const rows = [...v.index.rows()].reverse().filter((_, i) => i % 2 === 0);
    const search = new FindSearch(new ElementFindRows(v.index, rows), layout.columns, texts, findMatcher('name 2')!);
    while (!search.slice(5));
    expect(search.matches.count).withContext('Name 29, 27, 25, 23, 21').toBe(5);
    expect(search.matches.at(0)).withContext('Name 29 comes first').toEqual({ order: 0, col: 0 });
    const row = v.index.rowById('R2')!;
    expect(texts.texts(layout.columns[2])[1]).toBe('other');
    row.lastElementChild!.textContent = 'K';
    v.changed(['R2']);
    texts.changed(['R2']);
    expect(texts.texts(layout.columns[2])[1]).toBe('Kitchen');
  });
});
