import { ELEMENT_NODE, createWrsElement, firstChildElement, setText } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { RowState, cellAt, cellValue } from './row-states';
import type { WrsColumn } from './wrs-columns';
import { WrsIndex } from './wrs-index';

// New rows: their ids, the transaction counter they are numbered by, and the values their cells start with.

/**
 * The value a new cell gets: the only reference value when there is one; else null in a nullable column; else the
 * first reference value, or `0` in a numeric column; else null.
 */
export function defaultCellValue(column: WrsColumn): string | null {
  const el = column.element;
  const refs = referenceValues(el);
  if (refs.length === 1) return refs[0];
  if (el.getAttribute('nullable') !== '0') return null;
  if (refs.length > 0) return refs[0];
  if (isNumericType(el.getAttribute('type-name'))) return '0';
  return null;
}

const NUMERIC = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT', 'NUMERIC', 'DECIMAL', 'DOUBLE', 'FLOAT', 'REAL']);

export function isNumericType(typeName: string | null): boolean {
  return !!typeName && NUMERIC.has(typeName.toUpperCase());
}

/** The allowed values of a header column with `wrs:References` (first cell of each reference row). */
export function referenceValues(column: Element): string[] {
  const refs = firstChildElement(column, NS.wrs, 'References');
  const wrs = refs && firstChildElement(refs, NS.wrs, 'Wrs');
  const data = wrs && firstChildElement(wrs, NS.wrs, 'Data');
  if (!data) return [];
  const out: string[] = [];
  for (let r = data.firstChild; r; r = r.nextSibling) {
    if (r.nodeType !== ELEMENT_NODE) continue;
    const first = cellAt(r as Element, 1);
    if (first) out.push(cellValue(first) ?? '');
  }
  return out;
}

/** A new row element of a state with cell values in column order (null -> `wrs:null`). */
export function createRow(doc: Document, state: RowState, id: string, values: readonly (string | null)[]): Element {
  const row = createWrsElement(doc, state);
  row.setAttribute('id', id);
  // Cloning one empty cell is cheaper than creating each by qualified name.
  const empty = createWrsElement(doc, 'C');
  for (const v of values) {
    const cell = row.appendChild(empty.cloneNode(false)) as Element;
    if (v === null) cell.appendChild(createWrsElement(doc, 'null'));
    else if (v !== '') cell.appendChild(doc.createTextNode(v));
  }
  return row;
}

/** `wrs:Header/wrs:TransactionsNumber` as a number (0 when absent). */
export function transactionsNumber(doc: Document): number {
  const header = firstChildElement(doc.documentElement!, NS.wrs, 'Header');
  const tn = header && firstChildElement(header, NS.wrs, 'TransactionsNumber');
  return tn ? Number(tn.textContent) || 0 : 0;
}

/** Advances `wrs:TransactionsNumber` (creating it) and returns the new number. */
export function nextTransactionsNumber(doc: Document): number {
  const root = doc.documentElement!;
  let header = firstChildElement(root, NS.wrs, 'Header');
  if (!header) header = root.insertBefore(createWrsElement(doc, 'Header'), root.firstChild);
  let tn = firstChildElement(header, NS.wrs, 'TransactionsNumber');
  if (!tn) tn = header.appendChild(createWrsElement(doc, 'TransactionsNumber'));
  const next = (Number(tn.textContent) || 0) + 1;
  setText(tn, String(next));
  return next;
}

/**
 * Ids for rows inserted in one transaction: `I_<tn>_<id at>`, with `_<n>` appended when several
 * rows are inserted at once; `new` for the first row of an empty document. Ids stay unique in the document.
 */
export function newRowIds(index: Pick<WrsIndex, 'rowCount' | 'hasRowId'>, transaction: number, atRowId: string | null, count: number): string[] {
  const ids: string[] = [];
  const chosen = new Set<string>();
  const taken = (id: string) => chosen.has(id) || index.hasRowId(id);
  for (let n = 1; n <= count; n++) {
    let base: string;
    if (atRowId === null && index.rowCount === 0 && count === 1) base = 'new';
    else base = `I_${transaction}_${atRowId ?? 'new'}` + (count > 1 ? `_${n}` : '');
    let id = base;
    for (let k = 2; taken(id); k++) id = `${base}_${k}`;
    ids.push(id);
    chosen.add(id);
  }
  return ids;
}
