// What the WrsUtil specs share: a clipboard and a Wrs server in memory, and a provider set up with both.
import { WrsError } from '../src/errors';
import type { WrsBackend } from '../src/backend/wrs-backend';
import { DataProvider, DataProviderRegistry } from '../src/data-provider/data-provider';
import { StaticModel } from '../src/data-provider/static-model';
import { parseXml } from '../src/xml/dom';
import { cellValue, cellsOf, originalOf } from '../src/rows/row-states';
import { WrsIndex } from '../src/rows/wrs-index';
import { ClipboardPort } from '../src/wrs/clipboard-port';
import { WrsUtil } from '../src/wrs/wrs-util';
import { checkDomAfterCalls } from './dom-consistency';
import { ordersWrs } from './fixtures';
import { rowShapes } from './wrs-shape';

/** A clipboard in memory. */
export class MemoryClipboard implements ClipboardPort {
  text = '';
  writeText(text: string): void {
    this.text = text;
  }
  readText(): string {
    return this.text;
  }
}

/**
 * A server in memory speaking design.md 5 (as in wrs-util.spec.ts), holding the rows of one or more documents: it
 * commits a payload of I, M, D rows as one transaction and answers a conflict when the originals no longer match.
 */
export class MemoryServer implements WrsBackend {
  readonly rows = new Map<string, (string | null)[]>();
  readonly payloads: string[][] = [];
  failure: WrsError | null = null;
  lastId = 100;

  constructor(...docs: Document[]) {
    for (const doc of docs) {
      for (const row of WrsIndex.of(doc).rows()) this.rows.set(row.getAttribute('id')!, cellsOf(row).map(cellValue));
    }
  }

  async load(): Promise<Document> {
    throw new WrsError('BACKEND', 'not used here');
  }

  async save(wrs: Document | string): Promise<void> {
    const doc = typeof wrs === 'string' ? parseXml(wrs) : wrs;
    this.payloads.push(rowShapes(doc));
    if (this.failure) throw this.failure;
    const rows = WrsIndex.of(doc).rows();
    const conflicts = rows.filter((row) => {
      const id = row.getAttribute('id')!;
      const current = this.rows.get(id);
      if (row.localName === 'I') return current !== undefined;
      const originals = row.localName === 'M' ? cellsOf(row).map((c) => cellValue(originalOf(c)!)) : cellsOf(row).map(cellValue);
      return !current || originals.some((v, i) => v !== current[i]);
    });
    if (conflicts.length > 0) {
      throw new WrsError('SAVE_CONFLICT', `409 Conflict: ${conflicts.map((r) => r.getAttribute('id')).join(',')}`);
    }
    for (const row of rows) {
      const id = row.getAttribute('id')!;
      if (row.localName === 'D') this.rows.delete(id);
      else this.rows.set(id, cellsOf(row).map(cellValue));
    }
  }

  async nextIdentifier(scope: string, blockSize = 1): Promise<number> {
    if (this.failure) throw this.failure;
    this.lastId += blockSize;
    return this.lastId;
  }
}

/** The WrsUtil functions that may change a document: each is followed by a check of the documents it can reach. */
const CHANGING_CALLS = [
  'setCellValue', 'deleteRow', 'restoreRow', 'duplicateRow', 'deleteRows', 'insertRow', 'duplicateRows', 'restore',
  'deleteRowByColumnValue', 'paste', 'pasteAsNewRows', 'applyScale', 'deleteColumns', 'transposeGrouping', 'write',
  'getValidationResult', 'replaceValidationResult', 'wrsValidation', 'validateModel', 'saveModel', 'postWrs', 'getNextIdentifier',
];

/** The documents a WrsUtil argument names: a document, an element's document, a provider's, those of `{model}` and arrays. */
function documentsOf(value: unknown, depth = 0): (Document | null)[] {
  if (typeof value !== 'object' || value === null || depth > 2) return [];
  if (typeof (value as Node).nodeType === 'number') return [(value as Node).nodeType === 9 ? (value as Document) : (value as Node).ownerDocument];
  if (value instanceof DataProvider) return [value.getData()];
  if (Array.isArray(value)) return value.flatMap((v) => documentsOf(v, depth + 1));
  const { model, wrs } = value as { model?: unknown; wrs?: unknown };
  return [...documentsOf(model, depth + 1), ...documentsOf(wrs, depth + 1)];
}

/**
 * Checks, in the running spec, after each changing call of `util`: the documents of the registry's providers, the
 * documents, elements and providers the call was given, and the document it returned (see `domProblems`).
 */
export function checkDomAfterWrsUtilCalls(util: WrsUtil, registry: DataProviderRegistry): void {
  checkDomAfterCalls(util, CHANGING_CALLS, (_, args, result) => [
    ...registry.ids().map((id) => registry.get(id)?.getData()),
    ...documentsOf(args),
    ...documentsOf(result),
  ]);
}

export function setup(xml = ordersWrs()) {
  const registry = new DataProviderRegistry();
  const model = new StaticModel({ id: 'orders', data: xml, registry });
  void model.execute();
  const clipboard = new MemoryClipboard();
  const server = new MemoryServer(parseXml(xml));
  const util = new WrsUtil({ registry, clipboard, backend: server });
  checkDomAfterWrsUtilCalls(util, registry);
  const fired: string[][] = [];
  model.changes$.subscribe((c) => fired.push([...c.rowIds]));
  const doc = model.getData()!;
  return { registry, model, clipboard, server, util, fired, doc, shapes: () => rowShapes(model.getData()!) };
}

export async function rejected(promise: Promise<unknown>, code: string): Promise<WrsError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toEqual(jasmine.any(WrsError));
    expect((e as WrsError).code).toBe(code);
    return e as WrsError;
  }
  throw new Error(`expected a ${code} rejection`);
}
