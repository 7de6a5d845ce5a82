/** Every error code the library raises; a code names the kind of failure, the message says what was wrong. */
export type WrsErrorCode =
  | 'XML_PARSE'
  | 'XML_DOCTYPE'
  | 'WRS_SCAN'
  | 'NO_DOM'
  | 'NO_XPATH_ENGINE'
  | 'XPATH_SYNTAX'
  | 'XPATH_AMBIGUOUS'
  | 'XPATH_UNSUPPORTED'
  | 'PLACEHOLDER_MISSING'
  | 'NOT_READY'
  | 'NOT_WRS'
  | 'UNKNOWN_PROVIDER'
  | 'UNKNOWN_ROW'
  | 'UNKNOWN_COLUMN'
  | 'DUPLICATE_ID'
  | 'INVALID_ARGUMENT'
  | 'LOAD_FAILED'
  | 'TRANSFORM_FAILED'
  | 'CHAIN_LOAD_FAILED'
  | 'SAVE_FAILED'
  | 'SAVE_CONFLICT'
  | 'FILTER_SYNTAX'
  | 'BACKEND'
  | 'CLIPBOARD'
  | 'VALIDATION'
  | 'EXPORT_LIMIT'
  | 'JOURNAL_MISMATCH'
  | 'JOURNAL_UNAVAILABLE';

/** A typed library error: `code` says what kind, `input` holds the value that was wrong. */
export class WrsError extends Error {
  constructor(
    readonly code: WrsErrorCode,
    message: string,
    readonly input?: unknown,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'WrsError';
  }

  override toString(): string {
    return `WrsError[${this.code}]: ${this.message}`;
  }
}

/** True when `error` is a WrsError, optionally of the given code. */
export function isWrsError(error: unknown, code?: WrsErrorCode): error is WrsError {
  return error instanceof WrsError && (code === undefined || error.code === code);
}

/** The message of any thrown value, for status reasons and logs. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
