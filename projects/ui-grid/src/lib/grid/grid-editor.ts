import { cellValueFor } from './cell-text';
import { localeEditText } from './features/cell-locale';
import { GridColumn } from './grid-column';
import { GridDropdown } from './grid-dropdown';

/** An open cell editor: its element and how to read the value it holds. */
export interface GridEditor {
  readonly element: HTMLElement;
  /** The value to commit: text, or null for an empty cell of a nullable column. */
  value(): string | null;
  /** Set for reference and dropdown editors, which open in an overlay instead of over the cell. */
  readonly dropdown?: GridDropdown;
}

const TEXTAREA_TYPES = new Set(['textarea', 'bcduiSimpleTextarea']);
const DROPDOWN_TYPES = new Set(['dropdown', 'bcduiSimpleDropDown', 'bcduiModelDropDown']);
const NUMBER_TYPES = new Set(['number', 'bcduiSimpleNumericInput']);

/**
 * Creates the editor of a column: a dropdown for reference columns (captions shown, values stored) and for
 * `grid:Editor` dropdown types (values from the `values` param, "a|b|c"), a textarea (also for text holding line
 * breaks), a date or timestamp input by type, else a text input. `typed` starts the editor with that text (type-to-edit) instead of the cell value; a
 * dropdown jumps to the first caption starting with it. `onPick` commits a dropdown when an option is clicked.
 */
export function createEditor(doc: Document, column: GridColumn, value: string | null, typed: string | undefined, onPick: () => void): GridEditor {
  const type = column.editorType;
  const options = column.references
    ? column.references.values.map((v) => [v, column.references!.captions.get(v) ?? v] as const)
    : type && DROPDOWN_TYPES.has(type)
      ? (column.editorParams['values'] ?? '').split('|').map((v) => [v, v] as const)
      : null;
  if (options) {
    const choices = options.map(([v, caption]) => ({ value: v, caption }));
    if (column.nullable) choices.unshift({ value: '', caption: '' });
    const dropdown = new GridDropdown(doc, choices, value, column.caption, onPick);
    if (typed !== undefined) dropdown.typeAhead(typed);
    return { element: dropdown.element, dropdown, value: () => (dropdown.value() === '' && column.nullable ? null : dropdown.value()) };
  }
  // A text input shows numbers and dates in the grid's locale; a date or time input keeps the ISO form it needs.
  const textual = typed !== undefined || (column.typeName !== 'DATE' && column.typeName !== 'TIMESTAMP');
  const start = typed ?? (value !== null && column.locale && textual ? localeEditText(column.locale, column, value) : value) ?? '';
  // An input drops line breaks from its value: text holding them is edited in a textarea (Alt+Enter adds one).
  const multiLine = !column.numeric && column.typeName !== 'DATE' && column.typeName !== 'TIMESTAMP' && /[\r\n]/.test(start);
  const element = (type && TEXTAREA_TYPES.has(type)) || multiLine ? doc.createElement('textarea') : doc.createElement('input');
  if (element instanceof HTMLInputElement) {
    if (typed === undefined && column.typeName === 'DATE') element.type = 'date';
    else if (typed === undefined && column.typeName === 'TIMESTAMP') element.type = 'datetime-local';
    else element.type = 'text';
    if (column.numeric || (type && NUMBER_TYPES.has(type))) element.inputMode = 'decimal';
  }
  element.value = element instanceof HTMLInputElement && element.type === 'date' ? start.slice(0, 10) : start;
  // A textarea reads its line breaks back as LF: text written with CRLF keeps CRLF.
  const crlf = multiLine && /\r\n/.test(start) && !/(^|[^\r])\n/.test(start);
  return {
    element,
    value: () => {
      const raw = column.numeric ? element.value.trim() : crlf ? element.value.replace(/\r?\n/g, '\r\n') : element.value;
      const text = textual ? cellValueFor(column, raw) : raw;
      return text === '' && column.nullable ? null : text;
    },
  };
}
