import type { WrsError } from '../errors';
import type { WrsBackend } from '../backend/wrs-backend';
import type { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import type { ClipboardPort } from './clipboard-port';
import type { CellValidation } from './validation';
import type { ValidationOutcome } from './validation-model';

// The argument shapes of the WrsUtil functions (spec 4.3).

/** A data provider or its registered id. */
export type ModelRef = DataProvider | string;
/** Where the Wrs functions read: a provider, its id, or a Wrs document. */
export type WrsRef = ModelRef | Document;

/** What `fn` callbacks of the row operations receive. */
export interface RowOperationInfo {
  readonly model: DataProvider;
  /** Ids of the rows touched (created, changed, deleted or removed), in order. */
  readonly rowIds: readonly string[];
  /** Rows the operation created (insert, duplicate, paste past the end), in document order. */
  readonly rowNodes: readonly Element[];
}
export type RowOperationFn = (info: RowOperationInfo) => void;

export interface WrsUtilArgs {
  /** Where ids are resolved; `defaultRegistry` when absent. */
  registry?: DataProviderRegistry;
  /** Copy and paste go here; the browser's `navigator.clipboard` when absent and there is one. */
  clipboard?: ClipboardPort;
  /** The server round trip for save, postWrs and getNextIdentifier; the default (fetch-based) backend when absent. */
  backend?: WrsBackend;
}

interface RangeArgs {
  model: ModelRef;
  rowStartPos: number;
  rowEndPos?: number;
  fn?: RowOperationFn;
  propagateUpdate?: boolean;
}
export type DeleteRowsArgs = RangeArgs;
export interface InsertRowArgs extends Omit<RangeArgs, 'rowStartPos'> {
  rowStartPos?: number;
  insertBeforeSelection?: boolean;
}
export interface DuplicateRowsArgs extends RangeArgs {
  insertBeforeSelection?: boolean;
}
export interface RestoreArgs extends RangeArgs {
  colStartPos?: number;
  colEndPos?: number;
}
export interface CopyArgs {
  model: ModelRef;
  rowStartPos: number;
  rowEndPos?: number;
  colStartPos?: number;
  colEndPos?: number;
  fn?: () => void;
}
export interface CopyAllRows2CsvArgs {
  model: ModelRef;
  fn?: () => void;
}
export interface PasteArgs extends RangeArgs {
  colStartPos?: number;
  colEndPos?: number;
  /** The text to paste (for example from a paste event); read from the clipboard when absent. */
  text?: string;
}
export interface SaveModelArgs {
  model: ModelRef;
  reload?: boolean;
  onSuccess?: () => void;
  /** Where to send; the backend's default (`WrsServlet`) when absent. */
  url?: string;
}
/** The spec leaves PostWrsParam "not shown": the Wrs to post (documents or providers), a target url and a callback. */
export interface PostWrsParam {
  wrs: Document | ModelRef | readonly (Document | ModelRef)[];
  url?: string;
  onSuccess?: () => void;
}
export interface NextIdentifierResult {
  readonly scope: string;
  readonly isRange: boolean;
  /** Runs `fn` once per identifier of the block, in ascending order. */
  readonly forEach: (fn: (id: number) => void) => void;
  readonly nextIdentifier?: number;
  readonly firstIdentifier?: number;
  readonly lastIdentifier?: number;
}
export interface GetNextIdentifierArgs {
  scope: string;
  onSuccessCb: (result: NextIdentifierResult) => void;
  blockSize?: number;
  onErrorCb?: (error: WrsError) => void;
}
export interface RowPositionArgs {
  model: ModelRef;
  rowId: string;
}
export interface WrsValidationArgs {
  validationId: string;
  model: ModelRef;
  cellValidation: CellValidation;
}
export interface ValidateModelArgs {
  model: ModelRef;
  stylesheetUrl?: string;
  dataProviders?: DataProvider[];
  fn?: (outcome: ValidationOutcome) => void;
  validationId?: string;
  /** Options of the validation, such as `ignoreKeyCase` for the built-in one. */
  parameters?: Record<string, unknown>;
}

/** True for a Wrs given as a document or an element rather than as a provider or its id. */
export function isNode(value: unknown): value is Document | Element {
  return typeof value === 'object' && value !== null && typeof (value as Node).nodeType === 'number';
}
