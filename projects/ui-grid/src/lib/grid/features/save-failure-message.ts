import { WrsError, errorMessage } from 'ngx-wrs-grid/core';
import { GridMessageTable, GridMessages, formatMessage, messageOf } from './grid-messages';

/**
 * What went wrong in a save, as the user is told: the server found a conflict (409), refused the changes (another
 * 4xx), failed itself (5xx), answered with a web page instead of a save result, or gave no answer, so that the changes
 * may have been saved all the same (`details.outcomeUnknown` of the backend); `other` for anything else (a
 * `customSave` or save chain that threw).
 */
export type SaveFailureKind = 'conflict' | 'refused' | 'serverError' | 'notASaveAnswer' | 'noAnswer' | 'other';

/** The kind of a save failure, from the WrsError the backend raised (`httpFailure`, `saveAnswer`, a timeout). */
export function saveFailureKind(error: unknown): SaveFailureKind {
  if (!(error instanceof WrsError)) return 'other';
  const details = error.details;
  if (details?.['outcomeUnknown'] === true) return 'noAnswer';
  const status = details?.['status'];
  if (typeof status === 'number') {
    if (status === 409) return 'conflict';
    if (status >= 400 && status < 500) return 'refused';
    if (status >= 500 && status < 600) return 'serverError';
    return 'other';
  }
  if (error.code === 'SAVE_CONFLICT') return 'conflict';
  // A 2xx answer that is an HTML page (a login page a redirect led to): `saveAnswer` keeps its title as the reason.
  if (error.code === 'SAVE_FAILED' && typeof details?.['reason'] === 'string') return 'notASaveAnswer';
  return 'other';
}

const SENTENCES: Record<'conflict' | 'refused' | 'serverError', [keyof GridMessages, keyof GridMessages]> = {
  conflict: ['saveConflict', 'saveConflictAt'],
  refused: ['saveRefused', 'saveRefusedAt'],
  serverError: ['saveServerError', 'saveServerErrorAt'],
};

/**
 * The status line after a failed save: a sentence of the message table saying what happened, then the server's own
 * text (which cannot be translated) and the HTTP status as the detail: "Speichern fehlgeschlagen: Der Server hat
 * Zeile 3 abgelehnt: Row R3: ... (HTTP 400)". `rows` names the rows the failure names, as the grid shows them
 * ("rows 2, 3"), or null.
 */
export function saveFailureMessage(error: unknown, rows: string | null, messages: GridMessageTable): string {
  const kind = saveFailureKind(error);
  const details = error instanceof WrsError ? error.details : undefined;
  const status = typeof details?.['status'] === 'number' ? ` (HTTP ${details['status']})` : '';
  const reason = typeof details?.['reason'] === 'string' ? details['reason'].trim() : '';
  const withDetail = (sentence: string) => (reason ? `${sentence}: ${reason}${status}` : `${sentence}${status}`);
  switch (kind) {
    case 'conflict':
    case 'refused':
    case 'serverError': {
      const [plain, at] = SENTENCES[kind];
      return withDetail(rows ? formatMessage(messageOf(messages, at), { rows }) : messageOf(messages, plain));
    }
    case 'notASaveAnswer':
      return withDetail(messageOf(messages, 'saveNotASaveAnswer'));
    case 'noAnswer': {
      const ms = details?.['timeoutMs'];
      if (typeof ms !== 'number') return messageOf(messages, 'saveNoAnswer');
      return formatMessage(messageOf(messages, 'saveNoAnswerIn'), { time: ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms` });
    }
    default: {
      // The error's own message starts with "Save failed" already where a server answered: its reason instead.
      const text = status ? (reason ? `${reason}${status}` : status.trim().slice(1, -1)) : errorMessage(error);
      return rows ? formatMessage(messages.saveFailedAt, { rows, reason: text }) : formatMessage(messages.saveFailed, { reason: text });
    }
  }
}
