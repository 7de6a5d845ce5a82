import { NS, WrsIndex, cellValue, isNumericType } from 'ngx-wrs-grid/core';

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

const idsByCaption = new WeakMap<ColumnReferences, Map<string, string | null>>();

/**
 * The value to store for a text typed or pasted into a reference column: the text when it is a reference id, else the
 * id whose caption it is when exactly one has that caption (text copied from what the grid shows), else the text.
 */
export function referenceValueFor(references: ColumnReferences, text: string): string {
  if (references.captions.size === 0 || references.values.includes(text)) return text;
  let byCaption = idsByCaption.get(references);
  if (!byCaption) {
    byCaption = new Map();
    for (const [id, caption] of references.captions) byCaption.set(caption, byCaption.has(caption) ? null : id);
    idsByCaption.set(references, byCaption);
  }
  return byCaption.get(text) ?? text;
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
