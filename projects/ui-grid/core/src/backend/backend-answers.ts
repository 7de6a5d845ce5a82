import { WrsError, WrsErrorCode } from '../errors';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { errorDetails, htmlPageText, isHtmlPage } from '../xml/error-answer';
import { LoadProgress, WrsTextLoad } from '../data-provider/wrs-text-load';
import { RowStore } from '../rows/row-store';

/** The default load/save url (spec 2.1 `modelUrl`). */
export const DEFAULT_MODEL_URL = 'WrsServlet';
/** The default base of next-identifier calls, as the reference server serves them. */
export const DEFAULT_NEXT_IDENTIFIER_URL = 'WrsNextIdentifierServlet';

/** Request bodies go out as XML text. */
export function xmlBody(doc: Document | string): string {
  return typeof doc === 'string' ? doc : serializeXml(doc);
}

/**
 * Checks the answer of a save a server gave with a 2xx status. Any body but an HTML page is taken as the commit (design
 * 5 says only "200 on commit"); an HTML page is a proxy's or a login page a redirect led to, so nothing is known to be
 * saved and the changes must stay pending: SAVE_FAILED.
 */
export function saveAnswer(url: string, body: string): void {
  if (isHtmlPage(body)) {
    const reason = htmlPageText(body);
    throw new WrsError('SAVE_FAILED', `Save failed: ${url} answered with an HTML page, not a save result (a login page or a proxy?)${reason ? `: ${reason}` : ''}`, url, { reason });
  }
}

/**
 * Statuses a proxy answers with when it may have passed the request on and got no usable answer back, so that the
 * server behind it may have done what was asked: 502 Bad Gateway (the server's connection closed, or its answer was
 * unreadable), 504 Gateway Timeout, and Cloudflare's 520 (an empty or unknown answer) and 524 (no answer in time).
 * Not 503: a server sends it for a request it did not take on (overload, maintenance), as does a proxy with no server
 * to pass it to; nor Cloudflare's 521-523, where no connection to the server was made.
 */
const NO_ANSWER_BEHIND_PROXY: ReadonlySet<number> = new Set([502, 504, 520, 524]);

/**
 * The error of a non-2xx answer: SAVE_CONFLICT (409 on save, `details.rowIds` the conflicting rows), SAVE_FAILED
 * (other save failures), BACKEND (load and identifiers). The message carries the server's reason. A proxy's answer
 * that the server behind it gave none (502, 504, ...) is `details.noAnswer` like a timeout, and BACKEND for a save
 * too: the server may have committed it (`PostingWrsBackend.save` adds `details.outcomeUnknown`).
 */
export function httpFailure(call: 'load' | 'save' | 'nextIdentifier', url: string, status: number, statusText: string, body: string): WrsError {
  const { reason, rowIds } = errorDetails(body);
  const noAnswer = NO_ANSWER_BEHIND_PROXY.has(status);
  const code: WrsErrorCode = call !== 'save' || noAnswer ? 'BACKEND' : status === 409 ? 'SAVE_CONFLICT' : 'SAVE_FAILED';
  const what = call === 'save' ? (noAnswer ? 'Save not confirmed' : 'Save failed') : call === 'load' ? 'Load failed' : 'Next identifier failed';
  const message = `${what}: HTTP ${status}${statusText ? ' ' + statusText : ''} from ${url}${reason ? `: ${reason}` : ''}`;
  // No rows are named where no answer of the server came: the grid would mark them as refused.
  return new WrsError(code, message, url, noAnswer ? { status, rowIds: [], reason, noAnswer } : { status, rowIds, reason });
}

/**
 * The error of a request that never got an answer: `details.noAnswer`, and the transport's own text as
 * `details.reason` ("Failed to fetch").
 */
export function networkFailure(url: string, error: unknown): WrsError {
  const reason = error instanceof Error ? error.message : String(error);
  return new WrsError('BACKEND', `Cannot reach ${url}: ${reason}`, url, { noAnswer: true, reason });
}

/**
 * Parses a load answer; anything but a `wrs:Wrs` document is a NOT_WRS error naming the url, whose `details.answer`
 * says what came instead: `webPage` (an HTML page, a login page a redirect led to; its title as `details.reason`),
 * `notXml` (the parser's message as `details.reason`) or `notWrs` (another XML document; its root as `details.reason`).
 */
export function wrsAnswer(url: string, body: string): Document {
  refuseWebPage(url, body);
  let doc: Document;
  try {
    doc = parseXml(body);
  } catch (e) {
    throw notXml(url, body, e);
  }
  return checkedWrs(url, body, doc);
}

/** What `readWrsAnswer` is told for a large answer. */
export interface WrsAnswerReading {
  /** Called with the header and the rows built so far of a large answer, first at once, then after each slice. */
  progress?: (progress: LoadProgress) => void;
  /** Stops the building between slices: the read then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * `wrsAnswer` for a load: an answer of `WrsTextLoad.slicedMinLength` characters or more is built through the row
 * store in slices (its first rows reported to `progress` at once), so the page keeps answering input while it is
 * built; a shorter one is parsed at once. The same document and the same NOT_WRS errors as `wrsAnswer`.
 */
export async function readWrsAnswer(url: string, body: string, reading: WrsAnswerReading = {}): Promise<Document> {
  if (!WrsTextLoad.slices(body)) return wrsAnswer(url, body);
  return readThrough(url, body, reading, (load, current) => load.parse(body, current));
}

/**
 * `readWrsAnswer` keeping the rows: an answer of `WrsTextLoad.storeMinLength` characters or more resolves with its
 * rows in a row store, scanned and verified but not built (`WrsTextLoad.read`; a long one in slices, reported to
 * `progress` with the store); a shorter one with its document. The same NOT_WRS errors as `wrsAnswer`.
 */
export async function readWrsRows(url: string, body: string, reading: WrsAnswerReading = {}): Promise<RowStore | Document> {
  if (!WrsTextLoad.keeps(body)) return wrsAnswer(url, body);
  return readThrough(url, body, reading, (load, current) => load.read(body, current));
}

/** Reads an answer through a `WrsTextLoad`, its progress reported, stopped by the signal; NOT_WRS for what is no Wrs. */
async function readThrough<T extends RowStore | Document>(
  url: string,
  body: string,
  { progress, signal }: WrsAnswerReading,
  read: (load: WrsTextLoad, current: () => boolean) => Promise<T | null>,
): Promise<T> {
  refuseWebPage(url, body);
  const load = new WrsTextLoad();
  const subscription = progress ? load.loadProgress$.subscribe((p) => p && progress(p)) : null;
  let out: T | null;
  try {
    out = await read(load, () => !signal?.aborted);
  } catch (e) {
    throw notXml(url, body, e);
  } finally {
    subscription?.unsubscribe();
  }
  if (!out) throw signal?.reason ?? new WrsError('BACKEND', `Reading the answer of ${url} was stopped`, url);
  checkedWrs(url, body, out instanceof RowStore ? out.document : out);
  return out;
}

/** Before parsing: most HTML pages are not well-formed XML, and their parse error would hide what came. */
function refuseWebPage(url: string, body: string): void {
  if (!isHtmlPage(body)) return;
  const reason = htmlPageText(body);
  throw new WrsError('NOT_WRS', `The answer of ${url} is an HTML page, not a wrs:Wrs (a login page or a proxy?)${reason ? `: ${reason}` : ''}`, body.slice(0, 200), { answer: 'webPage', reason });
}

function notXml(url: string, body: string, e: unknown): WrsError {
  const reason = e instanceof Error ? e.message : String(e);
  return new WrsError('NOT_WRS', `The answer of ${url} is not XML: ${reason}`, body.slice(0, 200), { answer: 'notXml', reason });
}

function checkedWrs(url: string, body: string, doc: Document): Document {
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.wrs || root.localName !== 'Wrs') {
    const reason = `{${root.namespaceURI ?? ''}}${root.localName}`;
    throw new WrsError('NOT_WRS', `The answer of ${url} is not a wrs:Wrs but ${reason}`, body.slice(0, 200), { answer: 'notWrs', reason });
  }
  return doc;
}

/** The LAST identifier of a `wrs:NextIdentifier` answer. */
export function nextIdentifierAnswer(url: string, body: string): number {
  let value = NaN;
  try {
    const root = parseXml(body).documentElement;
    // Digits only: Number() would read '' as 0 and take 0x1F, 1e3 or -5 as ids.
    const text = (root.textContent ?? '').trim();
    if (root.localName === 'NextIdentifier' && /^\d+$/.test(text)) value = Number(text);
  } catch {
    // Reported below like any other unusable answer.
  }
  if (!Number.isSafeInteger(value)) throw new WrsError('BACKEND', `The answer of ${url} holds no wrs:NextIdentifier number`, body.slice(0, 200));
  return value;
}

/** The url of a next-identifier call: `{base}/{scope}/{blockSize}`; a bad scope or block size is INVALID_ARGUMENT. */
export function nextIdentifierUrl(base: string, scope: string, blockSize: number): string {
  if (typeof scope !== 'string' || scope === '') throw new WrsError('INVALID_ARGUMENT', 'nextIdentifier needs a non-empty scope', scope);
  // A path segment `.` or `..` (escaped or not) is removed by URL resolution: the call would reach another scope.
  if (scope === '.' || scope === '..') throw new WrsError('INVALID_ARGUMENT', `nextIdentifier: "${scope}" cannot be a scope (it is a path step)`, scope);
  if (!Number.isInteger(blockSize) || blockSize < 1) throw new WrsError('INVALID_ARGUMENT', 'blockSize must be a positive integer', blockSize);
  return `${base.replace(/\/$/, '')}/${encodeURIComponent(scope)}/${blockSize}`;
}
