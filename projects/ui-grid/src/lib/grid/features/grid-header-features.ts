import { GridColumn } from '../grid-column';
import { ColumnFilterValue, filterInputProblem, filterKindOf, formatFilterInput, parseFilterInput } from './column-filter';
import { GridFeatures } from './grid-features';
import { GridMessageTable, formatMessage } from './grid-messages';
import { OverlayAnchor } from './grid-overlay';

/** What the header features need besides the controller. */
export interface HeaderFeatureOptions {
  readonly features: GridFeatures;
  readonly messages: GridMessageTable;
  readonly columnFilters: boolean;
  readonly rowHeight: number;
  /** Opens a popup (the value list of a reference column); returns a function closing it. */
  readonly openPopup: (content: HTMLElement, anchor: OverlayAnchor, onClose: () => void) => () => void;
  /** Filter text typed into the header painted before and not applied yet, by column id: the new fields go on with it. */
  readonly typed?: ReadonlyMap<string, string>;
}

/** Typing pauses this long before a text filter applies. */
const FILTER_DELAY_MS = 250;

/**
 * Adds sorting and column filters to a painted header: a click (Enter, Space) on a caption sorts, shift adds the
 * column to the sort keys, `aria-sort` and an arrow show the order; with `columnFilters` a second header line holds
 * one filter control per column (text field, range field, or a value list for reference and checkbox columns).
 * Returns a function stopping the typed filters still waiting to apply and giving their text by column id: call it
 * before the header is painted again (and hand the text to the new header as `typed`, so no keystroke is lost) and at
 * destroy, so no field that is gone writes its filter.
 */
export function decorateHeader(header: HTMLElement, shown: readonly GridColumn[], options: HeaderFeatureOptions): () => Map<string, string> {
  const { features, messages } = options;
  const orderings = features.orderings();
  const doc = header.ownerDocument;
  header.querySelectorAll<HTMLElement>('.ui-grid-colheader').forEach((cell) => {
    const colId = cell.dataset['colId'] ?? '';
    const at = orderings.findIndex((o) => o.colId === colId);
    const ordering = orderings[at];
    cell.setAttribute('aria-sort', !ordering ? 'none' : ordering.descending ? 'descending' : 'ascending');
    cell.classList.add('ui-grid-sortable');
    cell.tabIndex = 0;
    if (ordering) {
      const mark = doc.createElement('span');
      mark.className = 'ui-grid-sort-mark';
      mark.textContent = (ordering.descending ? ' \u25BC' : ' \u25B2') + (orderings.length > 1 ? String(at + 1) : '');
      mark.title = ordering.descending ? messages.sortDescending : messages.sortAscending;
      cell.appendChild(mark);
    }
    cell.addEventListener('click', (e) => features.sortBy(colId, e.shiftKey));
    cell.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      features.sortBy(colId, e.shiftKey);
    });
  });
  const waiting: WaitingFilter[] = [];
  const dropWaiting = () => {
    const typed = new Map<string, string>();
    for (const filter of waiting) {
      const text = filter.stop();
      if (text !== null) typed.set(filter.colId, text);
    }
    return typed;
  };
  if (!options.columnFilters) return dropWaiting;
  const line = doc.createElement('div');
  line.className = 'ui-grid-header-row ui-grid-filter-row';
  line.setAttribute('role', 'row');
  line.style.height = `${options.rowHeight}px`;
  let left = 0;
  for (const column of shown) {
    const cell = doc.createElement('div');
    cell.className = 'ui-grid-filter-cell';
    cell.setAttribute('role', 'columnheader');
    cell.style.left = `${left}px`;
    cell.style.width = `${column.width}px`;
    cell.appendChild(filterControl(doc, column, features.filters().get(column.id) ?? null, options, waiting));
    line.appendChild(cell);
    left += column.width;
  }
  line.style.width = `${left}px`;
  header.appendChild(line);
  return dropWaiting;
}

/** A text filter field's typing not applied yet: `stop` ends its wait and gives the text, or null when none waits. */
interface WaitingFilter {
  readonly colId: string;
  stop(): string | null;
}

/** A column's filter control; a text field adds itself to `waiting`. */
function filterControl(doc: Document, column: GridColumn, current: ColumnFilterValue | null, options: HeaderFeatureOptions, waiting: WaitingFilter[]): HTMLElement {
  const { features, messages } = options;
  const label = formatMessage(messages.filterOf, { caption: column.caption });
  if (filterKindOf(column) === 'values') return valueListButton(doc, column, current, options, label);
  const input = doc.createElement('input');
  input.type = 'search';
  input.className = 'ui-grid-filter';
  input.dataset['colId'] = column.id;
  input.value = formatFilterInput(current, column);
  input.placeholder = filterKindOf(column) === 'range' ? messages.filterRangePlaceholder : messages.filterPlaceholder;
  // A narrow column cuts the placeholder ("from.."): the title shows it whole.
  input.title = input.placeholder;
  input.setAttribute('aria-label', label);
  let timer: ReturnType<typeof setTimeout> | undefined;
  waiting.push({
    colId: column.id,
    stop: () => {
      if (timer === undefined) return null;
      clearTimeout(timer);
      timer = undefined;
      return input.value;
    },
  });
  const commit = () => {
    clearTimeout(timer);
    timer = undefined;
    const problem = filterInputProblem(column, input.value);
    if (problem) {
      const text = problem.expected === 'number' ? messages.filterNotANumber : problem.expected === 'date' ? messages.filterNotADate : messages.filterNotATimestamp;
      input.setAttribute('aria-invalid', 'true');
      input.title = formatMessage(text, { caption: column.caption, value: problem.bound });
      return;
    }
    const value = parseFilterInput(column, input.value);
    input.removeAttribute('aria-invalid');
    input.title = input.placeholder;
    if (formatFilterInput(value) !== formatFilterInput(features.filters().get(column.id) ?? null)) features.setFilter(column.id, value);
  };
  input.addEventListener('keydown', (e) => {
    // Keys typed into a filter must not reach the grid body (they would start cell edits).
    e.stopPropagation();
    if (e.key === 'Enter') commit();
  });
  // Entering the control starts reading the column ahead, so the filter typed next finds its values read.
  input.addEventListener('focus', () => features.warmColumn(column.id));
  input.addEventListener('input', () => {
    features.warmColumn(column.id);
    clearTimeout(timer);
    timer = setTimeout(commit, FILTER_DELAY_MS);
  });
  input.addEventListener('change', commit);
  const typed = options.typed?.get(column.id);
  if (typed !== undefined) {
    input.value = typed;
    timer = setTimeout(commit, FILTER_DELAY_MS);
  }
  return input;
}

function valueListButton(doc: Document, column: GridColumn, current: ColumnFilterValue | null, options: HeaderFeatureOptions, label: string): HTMLElement {
  const { features, messages } = options;
  const chosen = new Set(current?.kind === 'values' ? current.values : []);
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'ui-grid-filter ui-grid-filter-values';
  button.dataset['colId'] = column.id;
  button.setAttribute('aria-haspopup', 'dialog');
  button.textContent = chosen.size === 0 ? messages.filterAll : formatMessage(messages.filterValues, { n: chosen.size });
  // The name says what the filter lets through, as the button shows it ("Filter Category, 2 selected"): the column
  // alone left a screen reader no way to tell a filtered column from an unfiltered one.
  button.setAttribute('aria-label', `${label}, ${button.textContent}`);
  button.addEventListener('keydown', (e) => e.stopPropagation());
  button.addEventListener('click', () => {
    const values: [string, string][] = column.references
      ? column.references.values.map((v) => [v, column.references!.captions.get(v) ?? v])
      : column.checkbox
        ? [[column.checkbox.on, '\u2611'], [column.checkbox.off, '\u2610']]
        : [];
    const panel = doc.createElement('div');
    panel.className = 'ui-grid-filter-panel';
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', label);
    const boxes: HTMLInputElement[] = [];
    for (const [value, caption] of [...values, ['', messages.filterEmpty] as [string, string]]) {
      const row = panel.appendChild(doc.createElement('label'));
      const box = row.appendChild(doc.createElement('input'));
      box.type = 'checkbox';
      box.value = value;
      box.checked = chosen.has(value);
      boxes.push(box);
      row.appendChild(doc.createTextNode(caption));
    }
    const apply = () => {
      const picked = boxes.filter((b) => b.checked).map((b) => b.value);
      features.setFilter(column.id, picked.length ? { kind: 'values', values: picked } : null);
    };
    panel.addEventListener('change', apply);
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
      // Tab cycles through the values while the popup is open: past the last one the focus went to the page behind
      // it, with the popup still open over the grid.
      if (e.key === 'Tab' && boxes.length > 0) {
        const last = e.shiftKey ? boxes[0] : boxes[boxes.length - 1];
        if (doc.activeElement === last) {
          e.preventDefault();
          (e.shiftKey ? boxes[boxes.length - 1] : boxes[0]).focus();
        }
      }
    });
    // Choosing values repaints the header, so closing focuses the button that replaced this one.
    const header = button.closest('.ui-grid-header');
    const close = options.openPopup(panel, button, () => header?.querySelector<HTMLElement>(`button.ui-grid-filter[data-col-id="${CSS.escape(column.id)}"]`)?.focus());
    boxes[0]?.focus();
  });
  return button;
}
