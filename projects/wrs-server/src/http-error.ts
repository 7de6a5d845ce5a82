/**
 * A request the server answers with an error status; `reason` is shown to the user, `rowIds` name the rows at fault.
 * `cause`, the failure behind a 500, goes to the server's log only.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly rowIds: readonly string[] = [],
    cause?: unknown,
  ) {
    super(reason, cause === undefined ? undefined : { cause });
    this.name = 'HttpError';
  }
}

/** A 500 answer: the server failed; `cause` is logged, never answered, so no database or file detail reaches clients. */
export function internalError(cause: unknown, reason = 'Internal error', rowIds: readonly string[] = []): HttpError {
  return new HttpError(500, reason, rowIds, cause);
}

/** A 400 answer: the request itself is wrong. */
export function badRequest(reason: string, rowIds: readonly string[] = []): HttpError {
  return new HttpError(400, reason, rowIds);
}
