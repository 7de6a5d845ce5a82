import { DataProvider, NS, StaticModel, WrsIndex, createDocument } from 'ngx-wrs-grid/core';
import { GridState } from './grid-state';
import { childOf } from './grid-status-line';

/** The configuration merged with the Wrs header: one `grid:C` per column with its type, caption, key and references. */
export function enhancedConfiguration(state: GridState): DataProvider {
  // The header is all it reads: a row store's rows stay unbuilt.
  const data = state.document;
  const doc = createDocument(data);
  const root = doc.createElementNS(NS.grid, 'grid:GridConfiguration');
  doc.appendChild(root);
  const select = root.appendChild(doc.createElementNS(NS.grid, 'grid:SelectColumns'));
  for (const column of state.layout.columns) {
    const c = doc.createElementNS(NS.grid, 'grid:C');
    const header = data ? WrsIndex.of(data).column(column.id)?.element : null;
    c.setAttribute('bRef', column.id);
    c.setAttribute('caption', column.caption);
    c.setAttribute('type-name', column.typeName);
    if (column.scale !== null) c.setAttribute('scale', String(column.scale));
    c.setAttribute('nullable', column.nullable ? '1' : '0');
    if (column.isKey) c.setAttribute('isKey', 'true');
    if (column.readOnly) c.setAttribute('isReadOnly', 'true');
    if (column.hidden) c.setAttribute('isHidden', 'true');
    if (column.checkbox) c.setAttribute('isCheckbox', `${column.checkbox.on}|${column.checkbox.off}`);
    c.setAttribute('width', String(column.width));
    const refs = header && childOf(header, 'References');
    if (refs) c.appendChild(doc.importNode(refs, true));
    select.appendChild(c);
  }
  const model = new StaticModel({ data: doc, registry: state.provider.registry });
  void model.execute();
  return model;
}
