import { WrsError, errorMessage } from 'ngx-wrs-grid/core';
import { GridMessageTable, GridMessages, formatMessage, messageOf } from './grid-messages';

/**
 * What went wrong in a load or save, as the user is told: the server found a conflict (409), refused the request
 * (another 4xx), failed itself (5xx), answered with a web page (a login page a redirect led to), with text that is no
 * XML or XML that is no Wrs, or gave no answer (`details.noAnswer`: no connection, a timeout, a proxy's 502 or 504;
 * for a save `details.outcomeUnknown`: the changes may have been saved all the same); `other` for anything else (a
 * `customSave`, chain or provider that threw).
 */
export type FailureKind = 'conflict' | 'refused' | 'serverError' | 'webPage' | 'notXml' | 'notWrs' | 'noAnswer' | 'other';

/** The kind of a failure, from the `details` of the WrsError the backend raised (`httpFailure`, `wrsAnswer`, ...). */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof WrsError)) return 'other';
  const details = error.details;
  if (details?.['outcomeUnknown'] === true || details?.['noAnswer'] === true) return 'noAnswer';
  const status = details?.['status'];
  if (typeof status === 'number') {
    if (status === 409) return 'conflict';
    if (status >= 400 && status < 500) return 'refused';
    if (status >= 500 && status < 600) return 'serverError';
    return 'other';
  }
  if (error.code === 'SAVE_CONFLICT') return 'conflict';
  if (error.code === 'NOT_WRS') {
    const answer = details?.['answer'];
    return answer === 'webPage' || answer === 'notXml' || answer === 'notWrs' ? answer : 'other';
  }
  // A 2xx save answer that is an HTML page: `saveAnswer` keeps its title as the reason.
  if (error.code === 'SAVE_FAILED' && typeof details?.['reason'] === 'string') return 'webPage';
  return 'other';
}

const SAVE_SENTENCES: Record<'conflict' | 'refused' | 'serverError', [keyof GridMessages, keyof GridMessages]> = {
  conflict: ['saveConflict', 'saveConflictAt'],
  refused: ['saveRefused', 'saveRefusedAt'],
  serverError: ['saveServerError', 'saveServerErrorAt'],
};

const LOAD_SENTENCES: Record<'refused' | 'serverError' | 'webPage' | 'notXml' | 'notWrs' | 'noAnswer', keyof GridMessages> = {
  refused: 'loadRefused',
  serverError: 'loadServerError',
  webPage: 'loadWebPage',
  notXml: 'loadNotXml',
  notWrs: 'loadNotWrs',
  noAnswer: 'loadNoAnswer',
};

/** The server's (or the parser's) own text, which cannot be translated, and the HTTP status, after a sentence. */
function withDetail(sentence: string, error: unknown): string {
  const details = error instanceof WrsError ? error.details : undefined;
  const status = typeof details?.['status'] === 'number' ? ` (HTTP ${details['status']})` : '';
  const reason = typeof details?.['reason'] === 'string' ? details['reason'].trim() : '';
  return reason ? `${sentence}: ${reason}${status}` : `${sentence}${status}`;
}

/** The time a call waited for its answer (`details.timeoutMs`) as the user reads it, or null. */
function waited(error: unknown): string | null {
  const ms = error instanceof WrsError ? error.details?.['timeoutMs'] : undefined;
  if (typeof ms !== 'number') return null;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * A failure of no kind above: the server's reason and HTTP status where a server answered (the error's own message
 * starts with "Save failed" or "Load failed" already), else the error's message.
 */
function ownText(error: unknown): string {
  const details = error instanceof WrsError ? error.details : undefined;
  if (typeof details?.['status'] !== 'number') return errorMessage(error);
  const reason = typeof details['reason'] === 'string' ? details['reason'] : '';
  return reason ? `${reason} (HTTP ${details['status']})` : `HTTP ${details['status']}`;
}

/**
 * The status line after a failed save: a sentence of the message table saying what happened, then the server's own
 * text and the HTTP status as the detail: "Speichern fehlgeschlagen: Der Server hat Zeile 3 abgelehnt: Row R3: ...
 * (HTTP 400)". `rows` names the rows the failure names, as the grid shows them ("rows 2, 3"), or null.
 */
export function saveFailureMessage(error: unknown, rows: string | null, messages: GridMessageTable): string {
  const kind = failureKind(error);
  switch (kind) {
    case 'conflict':
    case 'refused':
    case 'serverError': {
      const [plain, at] = SAVE_SENTENCES[kind];
      return withDetail(rows ? formatMessage(messageOf(messages, at), { rows }) : messageOf(messages, plain), error);
    }
    case 'webPage':
      return withDetail(messageOf(messages, 'saveNotASaveAnswer'), error);
    case 'noAnswer': {
      // A proxy's 502 or 504: what it said, and that the server behind it may have saved all the same.
      if (error instanceof WrsError && typeof error.details?.['status'] === 'number') return formatMessage(messageOf(messages, 'saveNoAnswerViaProxy'), { detail: ownText(error) });
      const time = waited(error);
      return time ? formatMessage(messageOf(messages, 'saveNoAnswerIn'), { time }) : messageOf(messages, 'saveNoAnswer');
    }
    default: {
      const reason = ownText(error);
      return rows ? formatMessage(messages.saveFailedAt, { rows, reason }) : formatMessage(messages.saveFailed, { reason });
    }
  }
}

/**
 * What a failed load was, after "Loading failed:" or "Saved; reloading failed:": a sentence of the message table by
 * kind, then the server's (or the parser's, or the transport's) own text and the HTTP status: "Fehler auf dem Server:
 * internal error (HTTP 500)"; the error's own message for a failure of no kind.
 */
export function loadFailureReason(failure: unknown, messages: GridMessageTable): string {
  const error = loadCause(failure);
  const kind = failureKind(error);
  if (kind === 'other') return ownText(error);
  if (kind === 'noAnswer') {
    const time = waited(error);
    if (time) return formatMessage(messageOf(messages, 'loadNoAnswerIn'), { time });
  }
  // A load has no rows of its own to be in conflict with: a 409 is a request refused.
  return withDetail(messageOf(messages, LOAD_SENTENCES[kind === 'conflict' ? 'refused' : kind]), error);
}

/**
 * The error a load failure is about: a provider's `fetchData` (an `inputModel`'s, a configuration's) rejects with its
 * failure status, holding what its loader raised as `details.cause`; that tells the kind where it has one.
 */
function loadCause(error: unknown): unknown {
  const cause = error instanceof WrsError ? error.details?.['cause'] : undefined;
  return cause !== undefined && failureKind(cause) !== 'other' ? cause : error;
}

/** The status line after a failed load: "Laden fehlgeschlagen: Der Server hat die Anfrage abgelehnt: ... (HTTP 403)". */
export function loadFailureMessage(error: unknown, messages: GridMessageTable): string {
  return formatMessage(messages.loadFailed, { reason: loadFailureReason(error, messages) });
}
