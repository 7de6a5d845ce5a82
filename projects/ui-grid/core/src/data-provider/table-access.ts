import { setOwn } from './own-keys';
import { WrsError } from '../errors';
import { WrsIndex } from '../rows/wrs-index';
import { ELEMENT_NODE, createWrsElement } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellAt, cellValue, rowState, setCellContent } from '../rows/row-states';
import { deleteRowElement, writeCell } from '../rows/row-transitions';
import {
  createRow,
  defaultCellValue,
  newRowIds,
  nextTransactionsNumber,
} from '../rows/new-rows';

/** A row as `tblSelect` returns it: column id -> cell text, null for `wrs:null`. */
export type TableRow = Record<string, string | null>;
/** Cell values keyed by column id. */
export type TableValues = Record<string, string | number | boolean | null>;

export interface TblSelectArgs {
  filter?: TableValues;
  columns?: string[];
}
export interface TblSelectRowArgs extends TblSelectArgs {
  rowId?: string;
}
export interface TblInsertArgs {
  values: TableValues;
  rmi?: boolean;
  fire?: boolean;
}
export interface TblUpdateArgs {
  values: TableValues;
  filter?: TableValues;
  rowId?: string;
  rmi?: boolean;
  fire?: boolean;
}
export interface TblDeleteArgs {
  filter?: TableValues;
  rowId?: string;
  rmi?: boolean;
  fire?: boolean;
}

const text = (v: string | number | boolean | null): string | null => (v === null || v === undefined ? null : String(v));

/** What the `tbl*` accessors ask of their provider (a DataProvider is one). */
export interface TableHost {
  readonly id: string;
  /** The data's Wrs index; throws NOT_READY without data. */
  wrsIndex(): WrsIndex;
  noteChange(nodes: Iterable<Node>, rowIds: Iterable<string>): void;
  noteUnchanged(): void;
  fire(): void;
}

/** The `tbl*` accessors of spec 4.2 over a provider's Wrs, through the Wrs index. */
export class TableAccess {
  constructor(private readonly provider: TableHost) {}

  private positions(index: WrsIndex, ids: readonly string[]): number[] {
    return ids.map((id) => {
      const pos = index.columnPos(id);
      if (pos === 0) throw new WrsError('UNKNOWN_COLUMN', `No column "${id}" in the Wrs of ${this.provider.id}`, id);
      return pos;
    });
  }

  private matching(index: WrsIndex, filter: TableValues | undefined, rowId: string | undefined, includeDeleted: boolean): Element[] {
    let rows: readonly Element[];
    if (rowId !== undefined) {
      const row = index.rowById(rowId);
      rows = row ? [row] : [];
    } else rows = index.rows();
    const entries = Object.entries(filter ?? {});
    const filterPos = this.positions(index, entries.map(([id]) => id));
    return rows.filter((row) => {
      if (!includeDeleted && rowState(row) === 'D') return false;
      return entries.every(([, expected], k) => {
        const cell = cellAt(row, filterPos[k]);
        return !!cell && cellValue(cell) === text(expected);
      });
    });
  }

  private toObject(index: WrsIndex, row: Element, columns: string[] | undefined): TableRow {
    const ids = columns ?? index.columns().map((c) => c.id);
    const out: TableRow = {};
    for (const id of ids) {
      if (id === 'rowId' && index.columnPos('rowId') === 0) {
        out['rowId'] = row.getAttribute('id');
        continue;
      }
      const [pos] = this.positions(index, [id]);
      const cell = cellAt(row, pos);
      setOwn(out, id, cell ? cellValue(cell) : null);
    }
    return out;
  }

  select(args: TblSelectArgs): TableRow[] {
    const index = this.provider.wrsIndex();
    return this.matching(index, args.filter, undefined, false).map((r) => this.toObject(index, r, args.columns));
  }

  selectRow(args: TblSelectRowArgs): TableRow | null {
    const index = this.provider.wrsIndex();
    const row = this.matching(index, args.filter, args.rowId, false)[0];
    return row ? this.toObject(index, row, args.columns) : null;
  }

  insert(args: TblInsertArgs): string {
    if (typeof args !== 'object' || args === null) throw new WrsError('INVALID_ARGUMENT', 'tblInsert needs an args object ({ values, rmi })', args);
    const index = this.provider.wrsIndex();
    const rmi = args.rmi ?? true;
    const values = args.values ?? {};
    const given = new Map(Object.entries(values).map(([id, v]) => [this.positions(index, [id])[0], text(v)]));
    const cells = index.columns().map((c) => (given.has(c.pos) ? given.get(c.pos)! : rmi ? defaultCellValue(c) : null));
    const doc = index.doc;
    let data = index.data;
    if (!data) {
      // wrs:Data goes where wrs-1.0.0.xsd puts it, before a wrs:Footer, under the prefix the document uses.
      const root = doc.documentElement!;
      const footer = Array.from(root.childNodes).find((n) => n.nodeType === ELEMENT_NODE && (n as Element).namespaceURI === NS.wrs && (n as Element).localName === 'Footer');
      data = root.insertBefore(createWrsElement(doc, 'Data'), footer ?? null);
      WrsIndex.invalidate(doc);
    }
    const last = index.rowAt(index.rowCount);
    const transaction = nextTransactionsNumber(doc);
    const [id] = newRowIds(index, transaction, last?.getAttribute('id') ?? null, 1);
    const row = createRow(doc, rmi ? 'I' : 'R', id, cells);
    data.appendChild(row);
    index.inserted(index.rowCount, [row]);
    this.provider.noteChange([row], [id]);
    if (args.fire ?? true) this.provider.fire();
    return id;
  }

  update(args: TblUpdateArgs): number {
    const index = this.provider.wrsIndex();
    const rmi = args.rmi ?? true;
    const entries = Object.entries(args.values ?? {});
    const positions = this.positions(index, entries.map(([id]) => id));
    const rows = this.matching(index, args.filter, args.rowId, false);
    let updated = 0;
    for (const original of rows) {
      let row = original;
      let changed = false;
      entries.forEach(([, v], k) => {
        const value = text(v);
        if (rmi) {
          const result = writeCell(row, positions[k], value, index);
          if (result?.changed) {
            row = result.row;
            changed = true;
          }
        } else {
          const cell = cellAt(row, positions[k]);
          if (cell && cellValue(cell) !== value) {
            setCellContent(cell, value);
            changed = true;
          }
        }
      });
      if (changed) {
        updated++;
        this.provider.noteChange([row], [row.getAttribute('id') ?? '']);
      }
    }
    if (args.fire ?? true) {
      if (updated === 0) this.provider.noteUnchanged();
      this.provider.fire();
    }
    return updated;
  }

  delete(args: TblDeleteArgs): number {
    const index = this.provider.wrsIndex();
    const rmi = args.rmi ?? true;
    const rows = this.matching(index, args.filter, args.rowId, false);
    let count = 0;
    const removed: Element[] = [];
    for (const row of rows) {
      const id = row.getAttribute('id') ?? '';
      if (rmi) {
        const { outcome, row: after } = deleteRowElement(row, index);
        if (outcome === 'unchanged') continue;
        this.provider.noteChange([after ?? index.data!], [id]);
      } else {
        row.parentNode?.removeChild(row);
        removed.push(row);
        this.provider.noteChange([index.data!], [id]);
      }
      count++;
    }
    index.removed(removed);
    if (args.fire ?? true) {
      if (count === 0) this.provider.noteUnchanged();
      this.provider.fire();
    }
    return count;
  }
}
