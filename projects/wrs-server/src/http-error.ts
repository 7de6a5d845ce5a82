/** A request the server answers with an error status; `reason` is shown to the user, `rowIds` name the rows at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly rowIds: readonly string[] = [],
  ) {
    super(reason);
    this.name = 'HttpError';
  }
}

/** A 400 answer: the request itself is wrong. */
export function badRequest(reason: string, rowIds: readonly string[] = []): HttpError {
  return new HttpError(400, reason, rowIds);
}
