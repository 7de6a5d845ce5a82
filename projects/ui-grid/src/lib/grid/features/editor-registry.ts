import { Injectable } from '@angular/core';
import { WrsError } from 'ngx-wrs-grid/core';
import { GridColumn } from '../grid-column';
import { GridEditor, createEditor } from '../grid-editor';

/**
 * Creates the editor of a cell for `grid:Editor/@type`: `typed` is the key that started the edit (if any), `onPick`
 * commits the edit (for editors where choosing a value ends the edit, like a list).
 */
export type GridEditorFactory = (doc: Document, column: GridColumn, value: string | null, typed: string | undefined, onPick: () => void) => GridEditor;

// The editor types of grid-1.0.0.xsd and the grid's own; the grid's default editor serves them by column type.
const BUILT_IN_TYPES = [
  'text', 'textarea', 'dropdown', 'number',
  'bcduiInput', 'bcduiInputField', 'bcduiPeriodChooser', 'bcduiSimpleInput', 'bcduiSimpleTextarea', 'bcduiSimpleNumericInput',
  'bcduiSimpleDropDown', 'bcduiSuggestInput', 'bcduiStatusModelEditor', 'bcduiModelDropDown', 'bcduiSideBySide',
];

/** Editors by `grid:Editor/@type`: the schema's built-in types, plus what an app registers. */
@Injectable({ providedIn: 'root' })
export class GridEditorRegistry {
  private readonly editors = new Map<string, GridEditorFactory>(BUILT_IN_TYPES.map((t) => [t, createEditor]));

  /** Adds or replaces the editor of a type. */
  register(type: string, factory: GridEditorFactory): void {
    this.editors.set(type, factory);
  }

  /** The editor factory of a type (the default editor for none); an unknown type is an INVALID_ARGUMENT error. */
  get(type: string | null): GridEditorFactory {
    if (type === null) return createEditor;
    const factory = this.editors.get(type);
    if (!factory) throw new WrsError('INVALID_ARGUMENT', `Unknown grid:Editor type "${type}"; registered: ${[...this.editors.keys()].join(', ')}`, type);
    return factory;
  }
}
