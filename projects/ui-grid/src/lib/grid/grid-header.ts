import { GridColumn, GridLayout, inGroup } from './grid-column';

/**
 * Paints the header: one line per `grid:Group` nesting level (a group spans its shown columns and collapses to its
 * first column on click), then the column captions. Captions are text.
 */
export function paintHeader(
  header: HTMLElement,
  layout: GridLayout,
  shown: readonly GridColumn[],
  rowHeight: number,
  onToggleGroup: (group: number) => void,
): void {
  const doc = header.ownerDocument;
  header.replaceChildren();
  const offsets: number[] = [];
  let width = 0;
  for (const c of shown) {
    offsets.push(width);
    width += c.width;
  }
  const depth = layout.groups.reduce((d, g) => Math.max(d, g.depth + 1), 0);
  for (let level = 0; level <= depth; level++) {
    const line = doc.createElement('div');
    line.className = level < depth ? 'ui-grid-header-row ui-grid-group-row' : 'ui-grid-header-row';
    line.setAttribute('role', 'row');
    line.style.height = `${rowHeight}px`;
    line.style.width = `${width}px`;
    if (level < depth) {
      layout.groups.forEach((group, g) => {
        if (group.depth !== level) return;
        const cols = shown.map((c, i) => [c, i] as const).filter(([c]) => inGroup(layout, c, g));
        if (cols.length === 0) return;
        // A row owns cells (ARIA): the group is a column header spanning its columns, holding the toggle button.
        const cell = doc.createElement('div');
        cell.className = 'ui-grid-group-cell';
        cell.setAttribute('role', 'columnheader');
        cell.setAttribute('aria-colindex', String(cols[0][1] + 1));
        cell.setAttribute('aria-colspan', String(cols.length));
        cell.style.left = `${offsets[cols[0][1]]}px`;
        cell.style.width = `${cols.reduce((w, [c]) => w + c.width, 0)}px`;
        const toggle = cell.appendChild(doc.createElement('button'));
        toggle.type = 'button';
        toggle.className = 'ui-grid-group' + (group.collapsed ? ' ui-grid-group-collapsed' : '');
        toggle.setAttribute('aria-expanded', String(!group.collapsed));
        toggle.textContent = group.caption;
        toggle.title = group.caption;
        toggle.dataset['group'] = String(g);
        toggle.addEventListener('click', () => onToggleGroup(g));
        // Enter and Space press the button; the grid's own keys (Enter edits the active cell) are not for it.
        toggle.addEventListener('keydown', (e) => e.stopPropagation());
        line.appendChild(cell);
      });
    } else {
      shown.forEach((column, i) => {
        const cell = doc.createElement('div');
        cell.className = 'ui-grid-colheader' + (column.numeric ? ' ui-grid-num' : '');
        cell.setAttribute('role', 'columnheader');
        cell.setAttribute('aria-colindex', String(i + 1));
        cell.dataset['colId'] = column.id;
        cell.textContent = column.caption;
        cell.style.left = `${offsets[i]}px`;
        cell.style.width = `${column.width}px`;
        line.appendChild(cell);
      });
    }
    header.appendChild(line);
  }
}
