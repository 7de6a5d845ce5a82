import { RowStore } from 'ngx-wrs-grid/core';
import { carryPendingRows, pendingRows, storePendingRows } from './server-pages';

/**
 * The rows a grid with server-side pages carries from page to page: a page turn (or a filter or order change) takes
 * the rows pending on the page left, and the page that comes holds them, hidden where the server has them on another
 * page, so a save still sends them. Also the rows of other pages a journal's restore put into the data.
 */
export class CarriedRows {
  /** Ids of the rows of the data shown that belong to other server pages: the view leaves them out. */
  hidden = new Set<string>();
  /** Pending rows of the pages left behind, kept until a load carrying them becomes the grid's data. */
  private carried: Element[] = [];
  /** The next load is a page turn (or a filter or order change) that carries the pending rows along. */
  private carryOnLoad = false;
  /** The next load carries rows: `beforeLoad` took them. */
  private carrying = false;
  /** Ids of the carried rows each loaded page holds hidden (a superseded load's page never becomes the data). */
  private readonly hiddenOf = new WeakMap<Document, Set<string>>();
  /** A page loaded by a turn (or a filter or order change): the ids the rows of the page left have in it. */
  private readonly carriedIdsOf = new WeakMap<Document, Map<string, string>>();

  /** The next load carries the rows pending now along (a page turn, a filter or order change). */
  carryNext(): void {
    this.carryOnLoad = true;
  }

  /**
   * A load starts: after a page turn, filter or order change the rows pending now (in `doc`, or in the entries of
   * `store` while its document is not built) go along into the page that comes, with the rows `alsoFind` gives.
   * Taken when the load starts, not when it was asked for: a save running in between commits some of them.
   */
  beforeLoad(doc: Document | null, store: RowStore | null, alsoFind: () => Element[]): void {
    this.carrying = this.carryOnLoad;
    if (!this.carryOnLoad) return;
    this.carryOnLoad = false;
    // The R rows of `alsoFind` (rows the undo history holds) are only looked for in the page, for their ids there.
    this.carried = doc ? [...(store ? storePendingRows(store) : pendingRows(doc)), ...alsoFind()] : [];
  }

  /** A page just loaded: rows with pending changes from other pages go into it (hidden, but saved). */
  afterLoad(doc: Document, build: () => void): Document {
    if (this.carried.length === 0 && !this.carrying) return doc;
    build();
    const ids = new Map<string, string>();
    if (this.carried.length > 0) this.hiddenOf.set(doc, carryPendingRows(doc, this.carried, undefined, ids));
    this.carriedIdsOf.set(doc, ids);
    return doc;
  }

  /** The id each row of the page left has in a page a turn loaded (old id -> new id); null for any other load. */
  carriedIds(doc: Document): ReadonlyMap<string, string> | null {
    return this.carriedIdsOf.get(doc) ?? null;
  }

  /** A document became the grid's data: the rows it holds for other pages are hidden; carried, they are done with. */
  shown(doc: Document): void {
    this.hidden = this.hiddenOf.get(doc) ?? new Set();
    if (this.hiddenOf.has(doc)) this.carried = [];
  }

  /** A load failed: the rows taken along for it are dropped, as the page shown still holds them. */
  loadFailed(): void {
    this.carryOnLoad = false;
    this.carried = [];
  }
}
