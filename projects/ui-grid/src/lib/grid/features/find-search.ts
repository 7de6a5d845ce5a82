import { SourceFind, SourceFindRun } from 'ngx-wrs-grid/core';
import { cellText, showsStoredValue } from '../cell-text';
import { GridColumn } from '../grid-column';
import { FindMatcher, FindMatches } from './find-matcher';
import { FindRows, StoreFindRows } from './find-rows';
import { storedTextFinds, valuesShownAsStored } from './find-source';
import { ShownTexts } from './shown-text';

/** A cell in view order: the row's index among the rows of every page, the column's among the shown ones. */
export interface FindCell {
  readonly order: number;
  readonly col: number;
}

/** Rows of column texts made per chunk while counting (a cold column reads about 1,000 rows per ms in Chromium). */
const TEXT_CHUNK = 4000;
/** Rows matched between two looks at the clock. */
const MATCH_CHUNK = 1024;
/** Rows read directly between two looks at the clock while looking for one match. */
const SCAN_CHUNK = 64;

/**
 * A search of the document's kept source text (or a row store's text): the columns it finds, the rest matched on
 * their shown texts, made from values cut from the same text (`SourceFind.readCells`).
 */
interface SourcePlan {
  readonly finder: SourceFind;
  /** Shown column index by 1-based position, for the columns the source text finds (undefined for the others). */
  readonly byPos: readonly number[];
  /** By shown column index: true when the column shows its stored value (a hit needs no check). */
  readonly stored: readonly boolean[];
  /** Indexes of the shown columns matched on their shown texts instead. */
  readonly others: readonly number[];
  /** Rows of the text whose values of the other columns are read (`otherValues`). */
  othersRead: number;
  /**
   * The other columns' values by row, or their kept shown texts where complete (`otherShown`); made by the first
   * slice, so that a first match near the focus waits for no allocation.
   */
  otherValues: (readonly (string | null)[])[] | null;
  readonly otherShown: readonly boolean[];
  /**
   * By other column: a test of the values it shows as they are (`valuesShownAsStored`), else null. Such a column is
   * also searched in the text, for those values; only its other values are matched on their shown texts.
   */
  readonly otherAsStored: readonly (((value: string) => boolean) | null)[];
  /** By shown column index: the test of `otherAsStored` for a column of both kinds. */
  readonly asStored: readonly (((value: string) => boolean) | null | undefined)[];
  run: SourceFindRun | null;
  /** The shown columns of the row being searched that hold a match. */
  readonly hits: number[];
  /**
   * For a view in another order than the text (a sorted or filtered store view): the text's hits by store position
   * (`first` into `cols`, `count` of them), all found before any row is counted in view order; else null.
   */
  readonly byPlace: { readonly first: Int32Array; readonly count: Int32Array; readonly cols: number[] } | null;
}

/**
 * One search of the rows a grid shows (every page of the filtered and sorted rows): the first match near a cell at
 * once, reading the rows from there directly (`scan`), and every match counted in slices of a few milliseconds
 * (`slice`), so typing and scrolling stay responsive. A document unchanged since it was parsed from a large text is
 * searched in that text (`SourceFind`), without reading its cells; otherwise over the columns' shown texts
 * (`ShownTexts`). Either way the matches are counted in view order, so those before `known` rows are final.
 */
export class FindSearch {
  private found: FindMatches;
  /** Rows matched so far, from the first in view order: a cell before this row has its match known. */
  private matchedTo = 0;
  /** The columns whose texts are complete. */
  private textsReady = 0;
  /** Each view row's position in `index.rows()` (the kept texts' order); null while the view is the document. */
  private docPositions: Int32Array | null = null;
  private positionsMade = 0;
  private source: SourcePlan | null = null;

  constructor(
    /** The rows in view order (every page); the caller's to keep unchanged while the search runs. */
    readonly rows: FindRows,
    private readonly columns: readonly GridColumn[],
    private readonly texts: ShownTexts,
    private readonly matcher: FindMatcher,
  ) {
    this.found = new FindMatches(Math.max(1, columns.length));
    if (!rows.whole) this.docPositions = new Int32Array(rows.length);
    // A store's text is searched for any view of it: its cells are read one by one otherwise.
    if (matcher.expression && (rows.whole || rows instanceof StoreFindRows)) this.source = sourcePlan(texts, columns, matcher, rows);
  }

  /** The matches counted so far. */
  get matches(): FindMatches {
    return this.found;
  }

  /**
   * True when counting finds the first matches sooner than a scan of the cells: the source text is searched and
   * every column is found in it, so the matches come in order from the first row without a cell read.
   */
  get countsFirst(): boolean {
    return this.source !== null && this.source.byPlace === null && this.source.others.length === 0;
  }

  /**
   * The first match from a cell on (the cell itself included), wrapping round; undefined while the rows that decide
   * it are not all counted, null without matches.
   */
  firstFrom(from: FindCell): FindCell | null | undefined {
    const { matches } = this;
    const at = matches.step(from.order, from.col, false, true);
    const cell = matches.at(at);
    if (cell && (cell.order > from.order || (cell.order === from.order && cell.col >= from.col))) return cell;
    return this.done ? cell : undefined;
  }

  /** True when every match is counted. */
  get done(): boolean {
    return this.matchedTo >= this.rows.length;
  }

  /** True when the matches of a row are all known (its row was counted). */
  known(order: number): boolean {
    return order < this.matchedTo;
  }

  /**
   * The first match from a cell on (`back`: before it, going up), the cell itself when `inclusive`, wrapping round;
   * reads cells directly, for at most `budgetMs`. Null when none was found in time.
   */
  scan(from: FindCell, back: boolean, inclusive: boolean, budgetMs: number): FindCell | null {
    const n = this.rows.length;
    const width = this.columns.length;
    if (n === 0 || width === 0) return null;
    const deadline = performance.now() + budgetMs;
    const step = back ? -1 : 1;
    let order = Math.max(0, Math.min(from.order, n - 1));
    let col = inclusive ? from.col : from.col + step;
    for (let visited = 0; visited <= n; visited++) {
      for (; col >= 0 && col < width; col += step) if (this.cellMatches(order, col)) return { order, col };
      order = (order + step + n) % n;
      col = back ? width - 1 : 0;
      if (visited % SCAN_CHUNK === SCAN_CHUNK - 1 && performance.now() > deadline) return null;
    }
    return null;
  }

  /** Counts on for about `budgetMs`; true when every match is counted. */
  slice(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    if (this.source) {
      const done = this.sourceSlice(this.source, deadline);
      if (done !== null) return done;
      // The text is not of the plain shape, or the document changed: count from the cells, from the start.
      this.source = null;
      this.found = new FindMatches(this.found.width);
      this.matchedTo = 0;
    }
    const { columns, rows } = this;
    while (this.textsReady < columns.length) {
      if (this.texts.fill(columns[this.textsReady], TEXT_CHUNK)) this.textsReady++;
      if (performance.now() > deadline) return false;
    }
    if (!this.positionsReady(deadline)) return false;
    const texts = columns.map((column) => this.texts.texts(column));
    const positions = this.docPositions;
    const { expression } = this.matcher;
    while (this.matchedTo < rows.length) {
      const end = Math.min(rows.length, this.matchedTo + MATCH_CHUNK);
      if (expression) this.matchRows(end, texts, positions, expression);
      else this.askRows(end, texts, positions);
      this.matchedTo = end;
      if (performance.now() > deadline) break;
    }
    return this.done;
  }

  /** Counts on in the source text; null when it cannot be searched (the caller counts from the cells). */
  private sourceSlice(plan: SourcePlan, deadline: number): boolean | null {
    const { finder } = plan;
    const ready = finder.prepare(deadline);
    if (ready !== true) return ready;
    // The other columns' values cut from the text at once, all of them in one pass over each row.
    const places = this.rows instanceof StoreFindRows ? this.rows.store.rowCount : this.rows.length;
    plan.otherValues ??= plan.others.map((col, k) => (plan.otherShown[k] ? this.texts.texts(this.columns[col]) : new Array<string | null>(places)));
    const reading = plan.others.filter((_, k) => !plan.otherShown[k]);
    if (reading.length > 0 && plan.othersRead < finder.rowCount) {
      const outs = plan.otherValues.filter((_, k) => !plan.otherShown[k]) as (string | null)[][];
      plan.othersRead = finder.readCells(reading.map((col) => this.columns[col].pos), outs, plan.othersRead, finder.rowCount, deadline);
      if (plan.othersRead < finder.rowCount) return false;
    }
    const run = (plan.run ??= finder.search(this.matcher.expression!));
    const state = run.step(deadline, (row, pos) => this.sourceHit(plan, run, row, pos));
    if (state === null) return null;
    if (plan.byPlace) {
      // All hits known: the rows counted in view order, in slices.
      if (!state) return false;
      while (this.matchedTo < this.rows.length && performance.now() <= deadline) this.commitRows(plan, Math.min(this.rows.length, this.matchedTo + MATCH_CHUNK));
      return this.done;
    }
    this.commitRows(plan, state ? this.rows.length : Math.min(this.rows.length, run.rowsSearched));
    return state;
  }

  /** A cell of the source text holding a match: kept when its column finds in the text and it shows a match. */
  private sourceHit(plan: SourcePlan, run: SourceFindRun, row: number, pos: number): void {
    const col = plan.byPos[pos];
    if (col === undefined) return;
    const asStored = plan.asStored[col];
    if (asStored) {
      // A column of both kinds: the text finds the values shown as stored, the others are matched on their texts.
      if (!asStored(run.cellText())) return;
    } else if (!plan.stored[col] && !this.matcher.expression!.test(cellText(this.columns[col], run.cellText()))) return;
    const byPlace = plan.byPlace;
    if (byPlace) {
      // Rows come in ascending store positions, a row's hits one after the other.
      if (byPlace.count[row]++ === 0) byPlace.first[row] = byPlace.cols.length;
      byPlace.cols.push(col);
      return;
    }
    if (row > this.matchedTo) this.commitRows(plan, row);
    plan.hits.push(col);
  }

  /** Counts rows `[matchedTo, end)`: the hits of the row searched, and the matches of the other columns' texts. */
  private commitRows(plan: SourcePlan, end: number): void {
    const { others, otherValues, otherShown, otherAsStored, hits, finder, byPlace } = plan;
    const expression = this.matcher.expression!;
    const columns = this.columns;
    for (let order = this.matchedTo; order < end; order++) {
      const r = byPlace ? this.rows.placeOf(order) : order;
      if (!finder.searchesRow(r)) {
        // A row of a store the text search left out (written, or of another shape): read from the store.
        for (let col = 0; col < columns.length; col++) if (this.cellMatches(order, col)) this.matches.add(order, col);
        hits.length = 0;
        continue;
      }
      if (byPlace) for (let h = byPlace.first[r], e = h + byPlace.count[r]; h < e; h++) hits.push(byPlace.cols[h]);
      for (let k = 0; k < others.length; k++) {
        const value = otherValues![k][r];
        if (otherShown[k]) {
          if (value && expression.test(value)) hits.push(others[k]);
          continue;
        }
        const asStored = otherAsStored[k];
        // A value shown as stored was searched in the text.
        if (value === null || (asStored && asStored(value))) continue;
        const text = cellText(columns[others[k]], value);
        if (text && expression.test(text)) hits.push(others[k]);
      }
      if (hits.length === 0) continue;
      // Shown columns may be in another order than their positions.
      if (hits.length > 1) hits.sort((a, b) => a - b);
      for (const col of hits) this.matches.add(order, col);
      hits.length = 0;
    }
    this.matchedTo = Math.max(this.matchedTo, end);
  }

  /** Matches rows `[matchedTo, end)` with the built-in expression: the hot loop, with nothing but the test per cell. */
  private matchRows(end: number, texts: readonly (readonly (string | null)[])[], positions: Int32Array | null, expression: RegExp): void {
    for (let order = this.matchedTo; order < end; order++) {
      const at = positions ? positions[order] : order;
      if (at < 0) continue;
      for (let col = 0; col < texts.length; col++) {
        const text = texts[col][at];
        if (text && expression.test(text)) this.matches.add(order, col);
      }
    }
  }

  /** Matches rows `[matchedTo, end)` through the app's `queryMethod`, telling it where each cell is. */
  private askRows(end: number, texts: readonly (readonly (string | null)[])[], positions: Int32Array | null): void {
    const { columns, rows } = this;
    for (let order = this.matchedTo; order < end; order++) {
      const at = positions ? positions[order] : order;
      if (at < 0) continue;
      const rowId = rows.id(order);
      for (let col = 0; col < texts.length; col++) {
        const text = texts[col][at];
        if (text !== null && text !== undefined && this.matcher.matches(text, () => ({ prop: columns[col].id, col, rowId }))) this.matches.add(order, col);
      }
    }
  }

  /** Whether one cell's shown text matches, read from the row. */
  private cellMatches(order: number, col: number): boolean {
    const column = this.columns[col];
    const text = cellText(column, this.rows.value(order, column.pos));
    return this.matcher.matches(text, () => ({ prop: column.id, col, rowId: this.rows.id(order) }));
  }

  /** Makes the view rows' document positions (a filtered or sorted view) in chunks; true when made. */
  private positionsReady(deadline: number): boolean {
    const positions = this.docPositions;
    if (!positions) return true;
    while (this.positionsMade < this.rows.length) {
      const end = Math.min(this.rows.length, this.positionsMade + TEXT_CHUNK);
      for (let i = this.positionsMade; i < end; i++) positions[i] = this.rows.placeOf(i);
      this.positionsMade = end;
      if (performance.now() > deadline) return this.positionsMade >= this.rows.length;
    }
    return true;
  }
}

/**
 * The source search of a whole-document view (the document's kept source text, or the text of a row store not
 * built), or null when there is none or every column's shown texts are made (by an earlier find or the open field):
 * testing them then costs no reading or formatting.
 */
function sourcePlan(texts: ShownTexts, columns: readonly GridColumn[], matcher: FindMatcher, rows: FindRows): SourcePlan | null {
  const finder = rows instanceof StoreFindRows ? SourceFind.ofStore(rows.store) : SourceFind.of(texts.index);
  if (!finder || columns.every((column) => texts.complete(column))) return null;
  const byPos: number[] = [];
  const others: number[] = [];
  const asStored: (((value: string) => boolean) | null | undefined)[] = [];
  columns.forEach((column, col) => {
    if (storedTextFinds(column, matcher.query, matcher.expression!)) {
      byPos[column.pos] = col;
      return;
    }
    others.push(col);
    if (texts.complete(column)) return;
    asStored[col] = valuesShownAsStored(column);
    if (asStored[col]) byPos[column.pos] = col;
  });
  const stored = columns.map((column) => showsStoredValue(column));
  const otherShown = others.map((col) => texts.complete(columns[col]));
  const otherAsStored = others.map((col) => asStored[col] ?? null);
  const places = rows instanceof StoreFindRows ? rows.store.rowCount : rows.length;
  const byPlace = rows.whole ? null : { first: new Int32Array(places), count: new Int32Array(places), cols: [] };
  return { finder, byPos, stored, others, othersRead: 0, otherValues: null, otherShown, otherAsStored, asStored, run: null, hits: [], byPlace };
}
