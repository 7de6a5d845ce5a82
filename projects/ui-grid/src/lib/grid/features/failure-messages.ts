/**
 * The texts telling of a failed save or load (part of `GridMessages`; `failure-message.ts` picks them by the kind of
 * failure): the sentence, the rows the server refused, and the reason by kind.
 */
export interface FailureMessages {
  readonly saveFailed: string;
  /** A save the server refused for some rows; `{rows}` names them (`failedRow`/`failedRows`, `failedRowsHidden`). */
  readonly saveFailedAt: string;
  /** One refused row shown in the grid; `{list}` its 1-based position in the grid. */
  readonly failedRow: string;
  /** Several refused rows shown; `{list}` their positions. */
  readonly failedRows: string;
  /** Refused rows a filter or another page hides; `{n}` how many. */
  readonly failedRowsHidden: string;
  /** Read out for a row the server refused in the last save (`aria-description`). */
  readonly rowNotSaved: string;
  readonly savedReloadFailed: string;
  readonly loadFailed: string;
  // Keys added later are optional: a table an app wrote before them gets their English text (`messageOf`).
  /**
   * A failed save by kind (`saveFailureMessage`): a conflict with the server's data (409), changes the server refused
   * (another 4xx), an error of the server (5xx); the `At` forms name the rows (`{rows}` as in `saveFailedAt`). The
   * server's own text and the HTTP status follow the sentence: ": <server text> (HTTP 409)".
   */
  readonly saveConflict?: string;
  readonly saveConflictAt?: string;
  readonly saveRefused?: string;
  readonly saveRefusedAt?: string;
  readonly saveServerError?: string;
  readonly saveServerErrorAt?: string;
  /** A save answered with a web page, not a save result (a login page a redirect led to); its title follows. */
  readonly saveNotASaveAnswer?: string;
  /** A save without an answer (no connection, a timeout; `{time}` the time waited): it may have been saved all the same. */
  readonly saveNoAnswer?: string;
  readonly saveNoAnswerIn?: string;
  /** A save a proxy answered 502 or 504 (no answer from the server behind it); `{detail}` its text and status. */
  readonly saveNoAnswerViaProxy?: string;
  /**
   * A failed load by kind (`loadFailureReason`), the `{reason}` of `loadFailed` and `savedReloadFailed`: the server
   * refused the request (4xx), an error of the server (5xx), a web page instead of data (a login page), an answer that
   * is no XML or no Wrs, no answer (`loadNoAnswerIn`: in `{time}`). The server's, parser's or transport's own text and
   * the HTTP status follow: ": <text> (HTTP 500)".
   */
  readonly loadRefused?: string;
  readonly loadServerError?: string;
  readonly loadWebPage?: string;
  readonly loadNotXml?: string;
  readonly loadNotWrs?: string;
  readonly loadNoAnswer?: string;
  readonly loadNoAnswerIn?: string;
}

export const FAILURE_MESSAGES_EN: Required<FailureMessages> = {
  saveFailed: 'Save failed: {reason}',
  saveFailedAt: 'Save failed at {rows}: {reason}',
  failedRow: 'row {list}',
  failedRows: 'rows {list}',
  failedRowsHidden: '{n} not shown',
  rowNotSaved: 'Not saved: the server refused this row',
  savedReloadFailed: 'Saved; reloading failed: {reason}',
  loadFailed: 'Loading failed: {reason}',
  saveConflict: 'Save failed: conflict with the data on the server',
  saveConflictAt: 'Save failed: conflict with the data on the server at {rows}',
  saveRefused: 'Save failed: the server refused the changes',
  saveRefusedAt: 'Save failed: the server refused {rows}',
  saveServerError: 'Save failed: error on the server',
  saveServerErrorAt: 'Save failed: error on the server at {rows}',
  saveNotASaveAnswer: 'Save failed: the server answered with a web page, not a save result (a login page?)',
  saveNoAnswer: 'Save not confirmed: no answer from the server. The changes may have been saved all the same: load the data again before saving them once more',
  saveNoAnswerIn: 'Save not confirmed: no answer from the server in {time}. The changes may have been saved all the same: load the data again before saving them once more',
  saveNoAnswerViaProxy: 'Save not confirmed: the server did not answer through the proxy: {detail}. The changes may have been saved all the same: load the data again before saving them once more',
  loadRefused: 'the server refused the request',
  loadServerError: 'error on the server',
  loadWebPage: 'the server answered with a web page, not data (a login page?)',
  loadNotXml: 'the answer of the server is not well-formed XML',
  loadNotWrs: 'the answer of the server is not a Wrs',
  loadNoAnswer: 'no answer from the server',
  loadNoAnswerIn: 'no answer from the server in {time}',
};

export const FAILURE_MESSAGES_DE: Required<FailureMessages> = {
  saveFailed: 'Speichern fehlgeschlagen: {reason}',
  saveFailedAt: 'Speichern fehlgeschlagen bei {rows}: {reason}',
  failedRow: 'Zeile {list}',
  failedRows: 'Zeilen {list}',
  failedRowsHidden: '{n} nicht angezeigt',
  rowNotSaved: 'Nicht gespeichert: der Server hat diese Zeile abgelehnt',
  savedReloadFailed: 'Gespeichert; Neuladen fehlgeschlagen: {reason}',
  loadFailed: 'Laden fehlgeschlagen: {reason}',
  saveConflict: 'Speichern fehlgeschlagen: Konflikt mit den Daten auf dem Server',
  saveConflictAt: 'Speichern fehlgeschlagen: Konflikt mit den Daten auf dem Server bei {rows}',
  saveRefused: 'Speichern fehlgeschlagen: Der Server hat die Änderungen abgelehnt',
  saveRefusedAt: 'Speichern fehlgeschlagen: Der Server hat {rows} abgelehnt',
  saveServerError: 'Speichern fehlgeschlagen: Fehler auf dem Server',
  saveServerErrorAt: 'Speichern fehlgeschlagen: Fehler auf dem Server bei {rows}',
  saveNotASaveAnswer: 'Speichern fehlgeschlagen: Der Server hat mit einer Webseite statt eines Speicherergebnisses geantwortet (einer Anmeldeseite?)',
  saveNoAnswer: 'Speichern nicht bestätigt: keine Antwort vom Server. Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden',
  saveNoAnswerIn: 'Speichern nicht bestätigt: keine Antwort vom Server in {time}. Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden',
  saveNoAnswerViaProxy: 'Speichern nicht bestätigt: Der Server hat über den Proxy nicht geantwortet: {detail}. Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden',
  loadRefused: 'Der Server hat die Anfrage abgelehnt',
  loadServerError: 'Fehler auf dem Server',
  loadWebPage: 'Der Server hat mit einer Webseite statt Daten geantwortet (einer Anmeldeseite?)',
  loadNotXml: 'Die Antwort des Servers ist kein wohlgeformtes XML',
  loadNotWrs: 'Die Antwort des Servers ist kein Wrs',
  loadNoAnswer: 'keine Antwort vom Server',
  loadNoAnswerIn: 'keine Antwort vom Server in {time}',
};
