import { WrsError } from '../errors';
import { createDocument, createWrsElement } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import type { WrsColumn } from '../rows/wrs-columns';
import { cellAt, cellValue, setCellContent } from '../rows/row-states';
import type { RowStore } from '../rows/row-store';

function copyColumn(doc: Document, source: Element, pos: number, id: string, caption: string): Element {
  const column = doc.importNode(source, false) as Element;
  column.setAttribute('pos', String(pos));
  column.setAttribute('id', id);
  column.setAttribute('caption', caption);
  return column;
}

function captionOf(column: WrsColumn): string {
  return column.element.getAttribute('caption') ?? column.id;
}

/** The rows a transpose reads: how many, whether row `r` (0-based) is deleted, and its cell values. */
export interface TransposeRows {
  readonly count: number;
  deleted(r: number): boolean;
  value(r: number, pos: number): string | null;
}

/** The rows of a row store, read from its entries (`state`, `cellValue`) without building an element. */
export function storeTransposeRows(store: RowStore): TransposeRows {
  store.scan();
  return { count: store.rowCount, deleted: (r) => store.state(r) === 'D', value: (r, pos) => store.cellValue(r, pos) };
}

/** The rows of a document's index. */
function documentRows(index: WrsIndex): TransposeRows {
  const rows = index.rows();
  return {
    count: rows.length,
    deleted: (r) => rows[r].localName === 'D',
    value: (r, pos) => {
      const cell = cellAt(rows[r], pos);
      return cell ? cellValue(cell) : null;
    },
  };
}

/**
 * Transposes the innermost dimension (the last `@dimId` column) from rows to columns: one row per
 * distinct combination of the other dimensions, one column `v.c` per distinct innermost value `v` and value
 * column `c` (both in first-appearance order); missing combinations give empty cells. D rows are left out.
 * `rows` are the index's rows unless given (a row store's entries, `index` then its header).
 */
export function transposeGroupingOf(index: WrsIndex, rows: TransposeRows = documentRows(index)): Document {
  const columns = index.columns();
  const dims = columns.filter((c) => c.element.hasAttribute('dimId'));
  const values = columns.filter((c) => c.element.hasAttribute('valueId'));
  if (dims.length === 0) throw new WrsError('INVALID_ARGUMENT', 'transposeGrouping needs a header column with @dimId', index.doc.documentElement?.nodeName);
  const inner = dims[dims.length - 1];
  const outer = dims.slice(0, -1);
  const groups = new Map<string, { keys: (string | null)[]; cells: Map<string, (string | null)[]> }>();
  const innerValues: string[] = [];
  const seenInner = new Set<string>();
  for (let r = 0; r < rows.count; r++) {
    if (rows.deleted(r)) continue;
    const read = (c: WrsColumn) => rows.value(r, c.pos);
    const keys = outer.map(read);
    const v = read(inner) ?? '';
    if (!seenInner.has(v)) {
      seenInner.add(v);
      innerValues.push(v);
    }
    const key = JSON.stringify(keys);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { keys, cells: new Map() }));
    if (!group.cells.has(v)) group.cells.set(v, values.map(read));
  }
  const doc = createDocument(index.doc);
  const root = doc.appendChild(createWrsElement(doc, 'Wrs'));
  const header = root.appendChild(createWrsElement(doc, 'Header'));
  const cols = header.appendChild(createWrsElement(doc, 'Columns'));
  let pos = 0;
  for (const d of outer) cols.appendChild(copyColumn(doc, d.element, ++pos, d.id, `${captionOf(d)}|${captionOf(d)}`));
  for (const v of innerValues) {
    for (const c of values) cols.appendChild(copyColumn(doc, c.element, ++pos, `${v}.${c.id}`, `${v}|${captionOf(c)}`));
  }
  const data = root.appendChild(createWrsElement(doc, 'Data'));
  let n = 0;
  for (const group of groups.values()) {
    const row = data.appendChild(createWrsElement(doc, 'R'));
    row.setAttribute('id', `R${++n}`);
    const add = (value: string | null) => setCellContent(row.appendChild(createWrsElement(doc, 'C')), value);
    group.keys.forEach(add);
    for (const v of innerValues) {
      const cells = group.cells.get(v);
      for (let k = 0; k < values.length; k++) add(cells ? cells[k] : '');
    }
  }
  return doc;
}
