import type { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import type { WrsColumn } from '../rows/wrs-columns';
import { pushAll } from './push-all';
import { CellValidation, VALIDATION_MESSAGES, ValidateWrsOptions, builtInValidation, validateCells, validateStoreRows, validationFor } from './validation';
import type { ValidationError } from './validation-result';

// Validation of the rows of a row store whose document is not built (see docs/concepts/row-store.md): the same errors,
// in the same order, as the functions of validation.ts give on the document built from it.

/** `validateWrs` over a row store's entries (`index`: the index of the store's document, for the columns). */
export function validateStoreWrs(store: RowStore, index: WrsIndex, options: ValidateWrsOptions & Record<string, unknown> = {}): ValidationError[] {
  store.scan();
  const errors = validateStoreRows(store, index, { length: store.rowCount, at: (k) => k }, undefined, true);
  const keys = index.columns().filter((c) => isTrue(c.element.getAttribute('isKey')));
  if (keys.length > 0) pushAll(errors, duplicateStoreKeys(store, keys, !!options.ignoreKeyCase));
  return errors;
}

/** The store version of a registered validation: the built-in one while it is registered under `name`, else null. */
export function storeValidationFor(name: string): typeof validateStoreWrs | null {
  return validationFor(name) === builtInValidation ? validateStoreWrs : null;
}

/**
 * `validateCells` (`wrsValidation`'s custom check, which gets cell elements) over a store's rows that are not deleted:
 * each row is given as an element built for the check and not kept (`RowStore.readElement`), one row at a time.
 */
export function validateStoreCellsWith(store: RowStore, index: WrsIndex, validation: CellValidation): ValidationError[] {
  return validateCells(index, validation, function* () {
    store.scan();
    for (let r = 0; r < store.rowCount; r++) if (store.state(r) !== 'D') yield store.readElement(r);
  });
}

function isTrue(value: string | null): boolean {
  return value === 'true' || value === '1';
}

/** As `duplicateKeys` of validation.ts: one error per row whose key values another row (not deleted) shares. */
function duplicateStoreKeys(store: RowStore, keys: readonly WrsColumn[], ignoreCase: boolean): ValidationError[] {
  const seen = new Map<string, number[]>();
  const last = Math.max(...keys.map((c) => c.pos));
  const parts: string[] = new Array(keys.length);
  for (let r = 0; r < store.rowCount; r++) {
    if (store.state(r) === 'D') continue;
    // A row lacking a key cell is not keyed, as the document's walk over its cells never reaches the last key.
    if (store.cellCount(r) < last) continue;
    const values = store.cellValues(r, last);
    keys.forEach((c, k) => {
      const value = values[c.pos - 1];
      parts[k] = value === null ? '\u0001' : ignoreCase ? value.toLowerCase() : value;
    });
    const key = parts.join('\u0000');
    const rows = seen.get(key);
    if (rows) rows.push(r);
    else seen.set(key, [r]);
  }
  const errors: ValidationError[] = [];
  for (const rows of seen.values()) {
    if (rows.length < 2) continue;
    for (const r of rows) errors.push({ rowId: store.id(r) ?? '', colId: keys[0].id, message: VALIDATION_MESSAGES.duplicateKey });
  }
  return errors;
}
