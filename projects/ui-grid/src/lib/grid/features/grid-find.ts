import { signal } from '@angular/core';
import { SourceFind } from 'ngx-wrs-grid/core';
import { cellText } from '../cell-text';
import { GridCells } from '../grid-cells';
import { GridState } from '../grid-state';
import { FindMatcher, FindQueryMethod, findMatcher } from './find-matcher';
import { ElementFindRows, FindRows, StoreFindRows, findRowsOf } from './find-rows';
import { FindCell, FindSearch } from './find-search';
import { GridRowView } from './grid-row-view';
import { ShownTexts } from './shown-text';

/** `hotArgs.search`: Handsontable's search plugin options the grid's find honours. */
export interface GridSearchArgs {
  /** A class added to every matching cell, besides `ui-grid-cell-match`. */
  readonly searchResultClass?: string;
  /** Decides whether a cell's shown text matches the query (default: contains it, ignoring case). */
  readonly queryMethod?: FindQueryMethod;
}

/** Time the first match near the focused cell may take before counting goes on in slices. */
const FIRST_BUDGET_MS = 40;
/** The same when counting finds matches without reading cells (`FindSearch.countsFirst`): only the rows next to it. */
const NEAR_BUDGET_MS = 4;
/** Work per slice of counting: short enough that a key press waits at most about this long. */
const SLICE_MS = 8;
/** Rows of a column's shown texts made ahead per step while the field is open and empty. */
const WARM_CHUNK = 4000;

/** Runs a function in a task of its own, without the 4 ms a nested `setTimeout` waits. */
function nextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/**
 * Find in the grid (Ctrl+F): matches the query against the text each cell shows over every row the grid shows
 * (filtered rows left out, every client page; with server-side pages the page loaded), the first match near the
 * focused cell at once and the rest counted in slices; next and previous move the focus, turning client pages; the
 * body paints the matches of the rows in view (`classOf`).
 */
export class GridFind {
  readonly isOpen = signal(false);
  readonly query = signal('');
  /** Matches counted so far, and the 1-based number of the focused match (0 when the focus is on none). */
  readonly count = signal(0);
  readonly position = signal(0);
  /** True while matches are still being counted. */
  readonly counting = signal(false);
  /** Grows each time the find field should take the focus and select its text. */
  readonly focusRequests = signal(0);
  /**
   * True from `open()` until the find field took the focus (`fieldFocused`): keys typed meanwhile reach the body and
   * are the field's (`takeKey`).
   */
  private opening = false;
  /** True when keys typed while opening wrote the query: the field then takes the focus with its caret at the end. */
  typedWhileOpening = false;
  private search: FindSearch | null = null;
  private matcher: FindMatcher | null = null;
  private texts: ShownTexts | null = null;
  /** What the rows of a search depend on besides the view's identity: a change restarts it. */
  private viewKey: readonly unknown[] = [];
  private waiting: ((count: number) => void)[] = [];
  private restartQueued = false;
  /** A query's first match not found at once: the focus goes to it once counted, unless the user moved it meanwhile. */
  private pendingMove: { readonly from: FindCell; readonly row: number; readonly col: number } | null = null;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
  ) {}

  /** False when `hotArgs.search` is false: Ctrl+F is then the browser's. */
  enabled(): boolean {
    return this.state.grid.hotArgs()?.search !== false;
  }

  /** With server-side pages only the page loaded is searched (the label says so). */
  onePage(): boolean {
    return this.state.grid.serverSidedPagination();
  }

  /** Opens the find field (or gives it the focus and selects its text); false when find is off. */
  open(query?: string): boolean {
    if (!this.enabled()) return false;
    const again = this.isOpen();
    this.isOpen.set(true);
    this.opening = true;
    this.typedWhileOpening = false;
    this.focusRequests.update((n) => n + 1);
    if (query !== undefined && query !== this.query()) this.setQuery(query);
    else if (!again) this.restart(true);
    if (this.query() === '') this.warm();
    return true;
  }

  /** The find field has the focus: keys go to it from now on. */
  fieldFocused(): void {
    this.opening = false;
  }

  /**
   * A key pressed on the body after Ctrl+F, before the field took the focus (typing straight on): a character types
   * over the query (as into the field with its text selected) or adds to what was typed so, Backspace takes the last
   * one, Enter and Escape do what they do in the field. True when the key was the field's.
   */
  takeKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
    if (!this.opening || !this.isOpen() || event.ctrlKey || event.metaKey || event.altKey) return false;
    const { key } = event;
    if (key === 'Enter') this.next(event.shiftKey);
    else if (key === 'Escape') this.close();
    else if (key === 'Backspace') this.setQuery(this.typedWhileOpening ? this.query().slice(0, -1) : '');
    else if ([...key].length === 1) this.setQuery(this.typedWhileOpening ? this.query() + key : key);
    else return false;
    this.typedWhileOpening ||= key !== 'Enter' && key !== 'Escape';
    return true;
  }

  /** Closes the find field: the marks go, and the keyboard focus goes back to the focused cell. */
  close(): void {
    if (!this.isOpen()) return;
    this.opening = false;
    this.isOpen.set(false);
    this.restart(false);
    this.cells.focusBody();
  }

  /** A new query (typed): the focus goes to its first match from the focused cell on. */
  setQuery(query: string): void {
    this.query.set(query);
    this.restart(true);
  }

  /** Resolves with the number of matches once they are all counted. */
  counted(): Promise<number> {
    if (!this.counting()) return Promise.resolve(this.count());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Moves the focus to the next match after the focused cell (`back`: the previous one), wrapping round. */
  next(back = false): void {
    const search = this.search;
    const from = this.focusedCell();
    if (!search || !from) return;
    let target: FindCell | null;
    if (search.done) {
      const at = search.matches.step(from.order, from.col, back);
      target = search.matches.at(at);
    } else {
      target = search.scan(from, back, false, FIRST_BUDGET_MS);
    }
    if (target) this.goTo(target);
  }

  /**
   * The classes the body adds to a painted cell: a match, and the app's `searchResultClass`. The focused match is the
   * current one (`.ui-grid-cell-match.ui-grid-cell-focus`): it follows the focus without repainting the cells.
   */
  classOf(position: number, col: number): string {
    const matcher = this.matcher;
    const view = this.state.features.view;
    const column = this.state.shown[col];
    if (!matcher || !view || !column) return '';
    let text: string;
    let rowId: string;
    if (view.unbuiltStore) {
      // Painted from the store: read there, no element built.
      const shown = view.shownAt(position);
      if (!shown) return '';
      text = cellText(column, shown.value(column.pos));
      rowId = shown.id;
    } else {
      const row = view.rowAt(position);
      if (!row) return '';
      text = cellText(column, this.cells.valueAt(row, column));
      rowId = row.getAttribute('id') ?? '';
    }
    if (!matcher.matches(text, () => ({ prop: column.id, col, rowId }))) return '';
    const extra = this.args()?.searchResultClass;
    return extra ? ' ui-grid-cell-match ' + extra : ' ui-grid-cell-match';
  }

  /** New data: the shown texts of the old are dropped, an open search runs again. */
  reset(): void {
    this.texts = null;
    this.queueRestart();
  }

  /** A change set: the texts of its rows are made again and the matches counted again; the focus stays. */
  changed(rowIds: Iterable<string>): void {
    this.texts?.changed(rowIds);
    this.queueRestart();
  }

  /** The rows shown changed: a filter or order change searches again; a page turn changes nothing. */
  viewChanged(): void {
    if (this.search && !sameKey(this.viewKey, this.currentViewKey())) this.queueRestart();
  }

  stop(): void {
    this.cancel();
  }

  private args(): GridSearchArgs | null {
    const search = this.state.grid.hotArgs()?.search;
    return typeof search === 'object' && search !== null ? search : null;
  }

  private currentViewKey(): readonly unknown[] {
    const { features } = this.state;
    return [features.view, features.orderings(), features.filters(), features.view?.matchedCount, this.state.shown];
  }

  private queueRestart(): void {
    if (!this.isOpen() || this.query() === '' || this.restartQueued) return;
    this.restartQueued = true;
    queueMicrotask(() => {
      this.restartQueued = false;
      this.restart(false);
    });
  }

  private cancel(): void {
    this.search = null;
    this.pendingMove = null;
    this.counting.set(false);
  }

  /**
   * Searches anew: the first match from the focused cell on at once (the focus goes there when `move`), then every
   * match counted in slices. A change set or view change restarts with `move` false: the focus stays where it is.
   */
  private restart(move: boolean): void {
    this.cancel();
    const view = this.state.features.view;
    const matcher = this.isOpen() && view ? findMatcher(this.query(), this.args()?.queryMethod) : null;
    this.matcher = matcher;
    if (!matcher || !view) {
      this.count.set(0);
      this.position.set(0);
      this.state.body?.repaintAll();
      this.settle();
      return;
    }
    this.viewKey = this.currentViewKey();
    const search = (this.search = new FindSearch(findRowsOf(view), this.state.shown, this.textsOf(view), matcher));
    const from = this.focusedCell();
    if (move && from) {
      // Without a cell read, counting comes to a far match sooner than a scan of the cells reading up to it.
      const first = search.scan(from, false, true, search.countsFirst ? NEAR_BUDGET_MS : FIRST_BUDGET_MS);
      const { focus } = this.state.selection;
      if (first) this.goTo(first);
      else this.pendingMove = { from, row: focus.row, col: focus.col };
    }
    this.count.set(0);
    this.position.set(0);
    this.counting.set(true);
    this.state.body?.repaintAll();
    const step = () => {
      if (this.search !== search) return;
      const done = search.slice(SLICE_MS);
      this.count.set(search.matches.count);
      this.moveToFirst(search);
      this.updatePosition();
      if (!done) {
        nextTask(step);
        return;
      }
      this.counting.set(false);
      this.settle();
    };
    step();
  }

  private textsOf(view: GridRowView): ShownTexts {
    if (this.texts?.view !== view) this.texts = new ShownTexts(view);
    return this.texts;
  }

  /**
   * Makes the shown texts ahead, a step per task, while the field is open and empty: a first query on a large grid
   * then reads no cell. A document that keeps its source text has that checked first (`SourceFind.prepare`, tens of
   * ms), so a query typed meanwhile is searched there; the text of a row store not built is only checked. Stops when
   * a search starts (it does what is left), the field closes or the data changes.
   */
  private warm(): void {
    const view = this.state.features.view;
    if (!view) return;
    const texts = this.textsOf(view);
    const columns = this.state.shown;
    let finder: SourceFind | null | undefined;
    let next = 0;
    const step = () => {
      if (!this.isOpen() || this.search || this.texts !== texts || this.state.shown !== columns) return;
      // The text of a row store not built yet, else the document's kept source text.
      const store = view.unbuiltStore;
      if (finder === undefined) finder = !view.isWhole ? null : store ? SourceFind.ofStore(store) : view.rowAt(0) ? SourceFind.of(view.index) : null;
      const deadline = performance.now() + SLICE_MS;
      if (finder && finder.prepare(deadline) !== false) finder = null;
      // A store's cells are read one by one from its text: a query searches that text instead of texts made ahead.
      if (store) {
        if (finder) nextTask(step);
        return;
      }
      if (!finder) while (next < columns.length && performance.now() < deadline) if (texts.fill(columns[next], WARM_CHUNK)) next++;
      if (finder || next < columns.length) nextTask(step);
    };
    nextTask(step);
  }

  /** Moves the focus to the query's first match once counting knows it, if the focus is still where it was. */
  private moveToFirst(search: FindSearch): void {
    const pending = this.pendingMove;
    if (!pending) return;
    const { focus } = this.state.selection;
    if (focus.row !== pending.row || focus.col !== pending.col) {
      this.pendingMove = null;
      return;
    }
    const target = search.firstFrom(pending.from);
    if (target === undefined) return;
    this.pendingMove = null;
    if (target) this.goTo(target);
  }

  /** Resolves the callers waiting for the count. */
  private settle(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(this.count());
  }

  /** The focused cell in view order (rows of every page), or null without rows. */
  private focusedCell(): FindCell | null {
    const view = this.state.features.view;
    const { focus } = this.state.selection;
    const col = Math.min(focus.col, Math.max(0, this.state.shown.length - 1));
    if (view?.unbuiltStore) {
      // Over a store not built: its position of the focused row, and that row's place in the view's order.
      const r = view.storedInOrder(focus.row) >= 0 ? view.storedInOrder(focus.row) : view.storedInOrder(0);
      return r < 0 ? null : { order: Math.max(0, view.storedPlace(r).order), col };
    }
    const row = view?.rowAt(focus.row) ?? view?.rowAt(0) ?? null;
    if (!view || !row) return null;
    const rows = this.search?.rows;
    return { order: orderOf(view, row, rows instanceof ElementFindRows ? rows.rows : undefined), col };
  }

  /** Moves the focus to a match (turning a client page when it is on another). */
  private goTo(cell: FindCell): void {
    const position = this.reveal(this.search?.rows, cell.order);
    if (position < 0) return;
    this.cells.focusCell(position, cell.col);
    this.updatePosition();
    this.state.body?.repaintAll();
  }

  /** Brings the row at a view order of a search into view: its view position, or -1. */
  private reveal(rows: FindRows | undefined, order: number): number {
    const { features } = this.state;
    if (rows instanceof StoreFindRows) return order < rows.length ? features.revealStored(rows.placeOf(order)) : -1;
    const row = rows instanceof ElementFindRows ? rows.rows[order] : undefined;
    return row ? features.reveal(row) : -1;
  }

  /** The number shown for the focused match once its row is counted (0 while unknown or off a match). */
  private updatePosition(): void {
    const search = this.search;
    const cell = this.focusedCell();
    const known = !!search && !!cell && search.known(cell.order);
    this.position.set(known ? search.matches.indexOf(cell.order, cell.col) + 1 : 0);
  }
}

/** A row's index among the rows of every page. */
function orderOf(view: GridRowView, row: Element, rows: readonly Element[] | undefined): number {
  if (view.isWhole) return view.index.positionOf(row) - 1;
  return Math.max(0, (rows ?? view.matchedRows()).indexOf(row));
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
