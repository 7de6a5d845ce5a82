import { NS, SourceFind, WrsIndex, forgetSourceText, parseXml } from 'ngx-wrs-grid/core';
import { keepSourceText } from '../../../../core/src/xml/source-text';
import { GridColumn, gridLayout } from '../grid-column';
import { findMatcher } from './find-matcher';
import { ElementFindRows } from './find-rows';
import { FindCell, FindSearch } from './find-search';
import { storedTextFinds, valuesShownAsStored } from './find-source';
import { cellText } from '../cell-text';
import { GridRowView } from './grid-row-view';
import { ShownTexts } from './shown-text';

/** A name, a quantity with two decimals, a country shown by its caption, a date, a timestamp; `needle` in two rows. */
function table(rows: number): string {
  const refs = `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>`
    + `<wrs:R id="c1"><wrs:C>X1</wrs:C><wrs:C>Germany</wrs:C></wrs:R><wrs:R id="c2"><wrs:C>X2</wrs:C><wrs:C>France</wrs:C></wrs:R></wrs:Data></wrs:Wrs></wrs:References>`;
  const data: string[] = [];
  for (let r = 0; r < rows; r++) {
    const name = r === rows / 2 || r === rows - 1 ? 'needle' : `Name ${r}`;
    const qty = r % 4 === 0 ? String(r % 7 + 0.5) : String(r % 13);
    data.push(`<wrs:R id="R${r}"><wrs:C>${name}</wrs:C><wrs:C>${qty}</wrs:C><wrs:C>X${r % 2 + 1}</wrs:C>`
      + `<wrs:C>2026-0${r % 9 + 1}-1${r % 10}</wrs:C><wrs:C>2026-01-02T1${r % 10}:30:00</wrs:C></wrs:R>`);
  }
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="name" type-name="VARCHAR"/>`
    + `<wrs:C pos="2" id="qty" type-name="DECIMAL" scale="2"/><wrs:C pos="3" id="country" type-name="VARCHAR">${refs}</wrs:C>`
    + `<wrs:C pos="4" id="day" type-name="DATE"/><wrs:C pos="5" id="at" type-name="TIMESTAMP"/>`
    + `</wrs:Columns></wrs:Header><wrs:Data>${data.join('')}</wrs:Data></wrs:Wrs>`;
}

interface Searched {
  readonly texts: ShownTexts;
  readonly columns: readonly GridColumn[];
  readonly rows: readonly Element[];
}

/** A document of `text` with its row view; `keep`: its source text kept, as parseXml keeps that of a large text. */
function open(text: string, keep: boolean): Searched {
  const doc = parseXml(text);
  if (keep) keepSourceText(doc, text);
  else forgetSourceText(doc);
  const index = WrsIndex.of(doc);
  return { texts: new ShownTexts(new GridRowView(index)), columns: gridLayout(index, null).columns, rows: index.rows() };
}

/** Counts in slices of no time (each does one window of text or one chunk of rows); every match in view order. */
function countAll(s: Searched, query: string): FindCell[] {
  const search = new FindSearch(new ElementFindRows(s.texts.index, s.rows), s.columns, s.texts, findMatcher(query)!);
  while (!search.slice(-1));
  return Array.from({ length: search.matches.count }, (_, i) => search.matches.at(i)!);
}

const TEXT = table(8_000);

describe('find in the source text', () => {
  it('counts what reading the shown texts counts: stored values, captions, scaled numbers, dates, timestamps', () => {
    const searched = spyOn(SourceFind.prototype, 'search').and.callThrough();
    const fromText = open(TEXT, true);
    const fromCells = open(TEXT, false);
    for (const query of ['needle', 'name 7', '1.50', '0.5', '-1', '1-', 'germ', 'X1', '2026-03', '-02 12', ':30', '.']) {
      searched.calls.reset();
      const expected = countAll(fromCells, query);
      expect(searched).withContext(`cells: ${query}`).not.toHaveBeenCalled();
      expect(countAll(fromText, query)).withContext(query).toEqual(expected);
      expect(searched).withContext(`text: ${query}`).toHaveBeenCalled();
    }
    expect(countAll(fromText, 'X1')).toEqual([]);
    expect(countAll(fromText, 'germ').length).toBe(4_000);
    expect(countAll(fromText, '1.50').length).toBeGreaterThan(0);
  });

  it('knows the first match far from the focus before the count is done', () => {
    const s = open(TEXT, true);
    const search = new FindSearch(new ElementFindRows(s.texts.index, s.rows), s.columns, s.texts, findMatcher('needle')!);
    expect(search.countsFirst).toBeTrue();
    const from = { order: 10, col: 1 };
    let first: FindCell | null | undefined;
    let doneWhenFirst = true;
    while (!search.slice(-1)) {
      if (first === undefined && (first = search.firstFrom(from)) !== undefined) doneWhenFirst = search.done;
    }
    expect(first).toEqual({ order: 4_000, col: 0 });
    expect(doneWhenFirst).toBeFalse();
    expect(search.matches.count).toBe(2);
    // Before the focus, wrapping round: known only once all is counted.
    expect(search.firstFrom({ order: 7_999, col: 1 })).toEqual({ order: 4_000, col: 0 });
  });

  it('counts on from the cells when the document changes while counting', () => {
    const s = open(TEXT, true);
    const search = new FindSearch(new ElementFindRows(s.texts.index, s.rows), s.columns, s.texts, findMatcher('needle')!);
    search.slice(-1);
    s.rows[10].firstElementChild!.textContent = 'needle too';
    forgetSourceText(s.rows[10].ownerDocument);
    s.texts.view.values.invalidate();
    while (!search.slice(-1));
    expect(Array.from({ length: search.matches.count }, (_, i) => search.matches.at(i)!.order)).toEqual([10, 4_000, 7_999]);
  });

  it('finds scaled numbers written to their scale in the text, and formats only the others', () => {
    const values = ['7.50', '7.5', '7.499', '-0.00', '-0.50', '007.50', '17.50', '1e1', '', '-7.50', '7.505', '70.05', '0.00', '12'];
    const rows = Array.from({ length: 3_000 }, (_, r) => `<wrs:R id="R${r}"><wrs:C>n ${r}</wrs:C><wrs:C>${values[r % values.length]}</wrs:C><wrs:C>X1</wrs:C><wrs:C>2026-01-01</wrs:C><wrs:C/></wrs:R>`);
    const text = TEXT.slice(0, TEXT.lastIndexOf('<wrs:Data>') + 10) + rows.join('') + '</wrs:Data></wrs:Wrs>';
    const fromText = open(text, true);
    const fromCells = open(text, false);
    for (const query of ['7.5', '.50', '0.0', '-0', '7.50', '1.00', '0']) expect(countAll(fromText, query)).withContext(query).toEqual(countAll(fromCells, query));
    expect(countAll(fromText, '7.5').length).toBeGreaterThan(1_000);
  });

  it('knows values a scaled column shows as stored: what toFixed gives back, never one it writes otherwise', () => {
    const { columns } = open(TEXT, false);
    const qty = columns[1];
    const asStored = valuesShownAsStored(qty)!;
    const samples = ['7.50', '7.5', '-0.00', '-0.01', '0.00', '00.10', '10.10', '123456789012.34', '1234567890123.45', '+1.00', '1.000', '.50', '9007199254740.99'];
    for (let k = 0; k < 2_000; k++) samples.push(((k * 7919) % 200_003 / 100 - 1000).toFixed(k % 4), String(k * 0.37));
    for (const v of samples) {
      const written = cellText(qty, v) === v;
      // Known for a number written to the scale with at most 15 digits; any other value is formatted (even if unchanged).
      expect(asStored(v)).withContext(v).toBe(written && /^-?\d{1,13}\.\d\d$/.test(v));
    }
    expect(asStored('-')).toBeFalse();
    expect(valuesShownAsStored(columns[0])).toBeNull();
  });

  it('tells which columns the text finds alone: those whose shown text holds a match only where the value does', () => {
    const { columns } = open(TEXT, false);
    const [name, qty, country, day, at] = columns;
    const finds = (column: GridColumn, query: string) => storedTextFinds(column, query, findMatcher(query)!.expression!);
    expect(finds(name, '1.50')).toBeTrue();
    expect(finds(qty, '1.50')).toBeFalse();
    expect(finds(qty, 'x1.5')).toBeTrue();
    expect(finds(qty, '-1.5')).toBeFalse();
    expect(finds(qty, '7-1')).toBeTrue();
    expect(finds(qty, '1e+2')).toBeFalse();
    expect(finds(country, 'germ')).toBeFalse();
    expect(finds(country, 'X1')).toBeTrue();
    expect(finds(day, '2026')).toBeTrue();
    expect(finds(at, '02 1')).toBeFalse();
    expect(finds(at, '02T1')).toBeTrue();
  });
});
