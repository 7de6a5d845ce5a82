import { NS, WrsIndex, cellValue, isNumericType } from 'ngx-wrs-grid/core';
import type { CellLocale } from './features/cell-locale';

/** The values a checkbox column stores for checked and unchecked (`isCheckbox`, default "1|0"). */
export interface CheckboxValues {
  readonly on: string;
  readonly off: string;
}

/** Allowed values of a reference column and the caption shown for each. */
export interface ColumnReferences {
  readonly values: readonly string[];
  readonly captions: ReadonlyMap<string, string>;
}

/** A reference column's ids and the ids of its captions, exact and case-folded; null where two ids share one. */
interface ReferenceLookup {
  readonly ids: ReadonlySet<string>;
  readonly byCaption: ReadonlyMap<string, string | null>;
  readonly byFoldedCaption: ReadonlyMap<string, string | null>;
}

// Built once per column's references (a layout's lifetime), not per pasted or copied cell.
const lookups = new WeakMap<ColumnReferences, ReferenceLookup>();

function lookupOf(references: ColumnReferences): ReferenceLookup {
  let lookup = lookups.get(references);
  if (!lookup) {
    const byCaption = new Map<string, string | null>();
    const byFoldedCaption = new Map<string, string | null>();
    for (const [id, caption] of references.captions) {
      // An empty caption is no text to find a value by: an empty pasted cell stays empty.
      if (caption === '') continue;
      byCaption.set(caption, byCaption.has(caption) ? null : id);
      const folded = caption.toLowerCase();
      byFoldedCaption.set(folded, byFoldedCaption.has(folded) ? null : id);
    }
    lookup = { ids: new Set(references.values), byCaption, byFoldedCaption };
    lookups.set(references, lookup);
  }
  return lookup;
}

/**
 * The value to store for a text typed or pasted into a reference column: the id whose caption it is when exactly
 * one reference has that caption (what the grid shows and copies), else the text when it is an id, else the id whose
 * caption it is ignoring case when exactly one has it, else the text (validation flags it).
 */
export function referenceValueFor(references: ColumnReferences, text: string): string {
  if (text === '') return text;
  const lookup = lookupOf(references);
  const byCaption = lookup.byCaption.get(text);
  if (byCaption !== undefined && byCaption !== null) return byCaption;
  if (lookup.ids.has(text)) return text;
  return lookup.byFoldedCaption.get(text.toLowerCase()) ?? text;
}

/**
 * The text a copy writes for a reference cell: the caption it shows when pasting that caption gives the value back
 * (`referenceValueFor`), else the value as stored (a caption two ids share, an empty one, a value without caption).
 */
export function referenceCopyText(references: ColumnReferences, value: string | null): string | null {
  if (value === null) return value;
  const caption = references.captions.get(value);
  return caption !== undefined && caption !== value && referenceValueFor(references, caption) === value ? caption : value;
}

/** One column as the grid shows it: the Wrs header merged with the grid configuration's `grid:C`. */
export interface GridColumn {
  readonly id: string;
  /** 1-based position of the column in the Wrs rows. */
  readonly pos: number;
  readonly caption: string;
  readonly typeName: string;
  readonly scale: number | null;
  readonly width: number;
  readonly hidden: boolean;
  readonly className: string;
  readonly readOnly: boolean;
  readonly isKey: boolean;
  readonly nullable: boolean;
  readonly numeric: boolean;
  readonly checkbox: CheckboxValues | null;
  readonly references: ColumnReferences | null;
  /** `grid:Renderer/@type`, or null for the plain text of `cellText`. */
  readonly rendererType: string | null;
  /** `grid:Editor/@type`, or null for the editor of the column's type. */
  readonly editorType: string | null;
  readonly editorParams: Readonly<Record<string, string>>;
  /** Index of the innermost `grid:Group` holding the column in `GridLayout.groups`, or -1. */
  readonly group: number;
  /** The locale its numbers and dates are shown and read in; absent or null: canonical text. */
  readonly locale?: CellLocale | null;
}

/** A `grid:Group` of the configuration: a header spanning its columns, collapsible to its first column. */
export interface GridGroup {
  readonly caption: string;
  readonly parent: number;
  readonly depth: number;
  collapsed: boolean;
}

/** Columns and header groups of a grid. */
export interface GridLayout {
  readonly columns: GridColumn[];
  readonly groups: GridGroup[];
}

const DEFAULT_WIDTH = 120;

function truthy(value: string | null): boolean {
  return value === 'true' || value === '1';
}

function childElements(parent: Element, ns: string, localName?: string): Element[] {
  const out: Element[] = [];
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === ns && (!localName || (c as Element).localName === localName)) out.push(c as Element);
  }
  return out;
}

function referencesOf(header: Element): ColumnReferences | null {
  const refs = childElements(header, NS.wrs, 'References')[0];
  const wrs = refs && childElements(refs, NS.wrs, 'Wrs')[0];
  const data = wrs && childElements(wrs, NS.wrs, 'Data')[0];
  if (!data) return null;
  const values: string[] = [];
  const captions = new Map<string, string>();
  for (const row of childElements(data, NS.wrs)) {
    const cells = childElements(row, NS.wrs, 'C');
    if (!cells[0]) continue;
    const value = cellValue(cells[0]) ?? '';
    values.push(value);
    captions.set(value, cells[1] ? cellValue(cells[1]) ?? value : value);
  }
  return { values, captions };
}

function checkboxOf(spec: string | null): CheckboxValues | null {
  if (spec === null || spec === '' || spec === 'false') return null;
  const parts = spec.split('|');
  return parts.length === 2 ? { on: parts[0], off: parts[1] } : { on: '1', off: '0' };
}

function buildColumn(index: WrsIndex, bRef: string, config: Element | null, group: number): GridColumn | null {
  const column = index.column(bRef);
  if (!column) return null;
  const header = column.element;
  const attr = (name: string) => config?.getAttribute(name) ?? null;
  const editor = config ? childElements(config, NS.grid, 'Editor')[0] : undefined;
  const editorParams: Record<string, string> = {};
  for (const p of editor ? childElements(editor, NS.grid, 'Param') : []) editorParams[p.getAttribute('name') ?? ''] = p.getAttribute('value') ?? '';
  const typeName = (header.getAttribute('type-name') ?? 'VARCHAR').toUpperCase();
  const scaleText = header.getAttribute('scale');
  const width = Number.parseInt(attr('width') ?? '', 10);
  return {
    id: column.id,
    pos: column.pos,
    caption: attr('caption') ?? header.getAttribute('caption') ?? column.id,
    typeName,
    scale: scaleText !== null && scaleText !== '' && !Number.isNaN(Number(scaleText)) ? Number(scaleText) : null,
    width: Number.isFinite(width) && width > 0 ? width : DEFAULT_WIDTH,
    hidden: truthy(attr('isHidden')),
    className: attr('class') ?? '',
    readOnly: truthy(attr('isReadOnly')) || truthy(header.getAttribute('isReadOnly')),
    isKey: truthy(attr('isKey')) || truthy(header.getAttribute('isKey')),
    nullable: header.getAttribute('nullable') !== '0',
    numeric: isNumericType(typeName),
    checkbox: checkboxOf(attr('isCheckbox')),
    references: referencesOf(header),
    rendererType: (config ? childElements(config, NS.grid, 'Renderer')[0]?.getAttribute('type') : null) || null,
    editorType: editor?.getAttribute('type') ?? null,
    editorParams,
    group,
  };
}

/**
 * The grid's columns: those of `grid:SelectColumns` (with their `grid:Group` nesting) when the configuration has
 * any, else every Wrs header column. Configured columns missing from the Wrs header are left out.
 */
export function gridLayout(index: WrsIndex, config: Document | null): GridLayout {
  const columns: GridColumn[] = [];
  const groups: GridGroup[] = [];
  const root = config?.documentElement ?? null;
  const select = root ? childElements(root, NS.grid, 'SelectColumns')[0] : undefined;
  if (select && childElements(select, NS.grid).length > 0) {
    const walk = (parent: Element, group: number, depth: number) => {
      for (const el of childElements(parent, NS.grid)) {
        if (el.localName === 'C') {
          const column = buildColumn(index, el.getAttribute('bRef') ?? '', el, group);
          if (column) columns.push(column);
        } else if (el.localName === 'Group') {
          groups.push({ caption: el.getAttribute('caption') ?? '', parent: group, depth, collapsed: truthy(el.getAttribute('collapsed')) });
          walk(el, groups.length - 1, depth + 1);
        }
      }
    };
    walk(select, -1, 0);
  } else {
    for (const c of index.columns()) {
      const column = buildColumn(index, c.id, null, -1);
      if (column) columns.push(column);
    }
  }
  return { columns, groups };
}

/** True when a column is inside a collapsed group and not that group's first column. */
export function collapsedAway(layout: GridLayout, column: GridColumn): boolean {
  for (let g = column.group; g >= 0; g = layout.groups[g].parent) {
    if (layout.groups[g].collapsed && layout.columns.find((c) => inGroup(layout, c, g)) !== column) return true;
  }
  return false;
}

/** True when a column sits in a group or one of its subgroups. */
export function inGroup(layout: GridLayout, column: GridColumn, group: number): boolean {
  for (let g = column.group; g >= 0; g = layout.groups[g].parent) if (g === group) return true;
  return false;
}
