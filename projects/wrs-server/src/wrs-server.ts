import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
// The server parses requests with core in Node, so it brings core a DOM; whoever embeds it needs no import of its own.
import 'ngx-wrs-grid/core/xmldom';
import { NS, WrsError, parseXml } from 'ngx-wrs-grid/core';
import { BindingSets } from './binding-sets';
import { Database } from './database';
import { HttpError, badRequest, internalError } from './http-error';
import { planLoad, runLoad } from './load-request';
import { MAX_BLOCK_SIZE, nextIdentifier, nextIdentifierXml } from './next-identifier';
import { saveWrs } from './save-wrs';
import { StylesheetFolder } from './stylesheet-folder';
import { escapeAttribute, escapeText } from './xml-text';

export interface WrsServerOptions {
  /** The database, or a promise of it: the server can listen while the database still opens. */
  readonly db: Database | Promise<Database>;
  readonly bindingSets: BindingSets;
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number;
  /** Called with each 500 failure and its detail, which the answer leaves out (main.ts writes it to stderr). */
  readonly log?: (message: string) => void;
  /** The app's stylesheets, served under `/xslt/` as text and compiled (SEF); no `/xslt/` endpoint when absent. */
  readonly stylesheets?: StylesheetFolder;
}

const XML = 'application/xml; charset=utf-8';
const UTF8 = new TextDecoder('utf-8', { fatal: true });

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `The request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  // Fatal decoding: a lenient one turns bytes that are no UTF-8 (or another encoding's text) into U+FFFD, and a save
  // would store those in place of what the client meant.
  try {
    return UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw badRequest('The request body is not valid UTF-8');
  }
}

function parseBody(text: string): Element {
  try {
    return parseXml(text).documentElement;
  } catch (e) {
    const reason = e instanceof WrsError ? e.message : String(e);
    throw badRequest(`The request body is not acceptable XML: ${reason}`);
  }
}

/** Error bodies: a small XML document with the reason and the rows at fault. */
export function errorXml(error: HttpError): string {
  const rows = error.rowIds.map((id) => `<Row id="${escapeAttribute(id)}"/>`).join('');
  return `<Error status="${error.status}"><Message>${escapeText(error.reason)}</Message>${rows}</Error>`;
}

/** `GET /xslt/<path>`: a stylesheet of the folder; `GET /xslt/<path>.sef.json`: its SEF, compiled on first request. */
async function serveStylesheet(req: IncomingMessage, res: ServerResponse, folder: StylesheetFolder | undefined, path: string): Promise<void> {
  if (!folder) throw new HttpError(404, 'This server serves no stylesheets');
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    throw new HttpError(405, `${req.method} is not supported; stylesheets are read with GET`);
  }
  if (StylesheetFolder.isSefRequest(path)) {
    const sef = await folder.sef(StylesheetFolder.stylesheetPathOf(path));
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(sef);
  } else {
    const text = await folder.text(path);
    res.writeHead(200, { 'Content-Type': XML }).end(text);
  }
}

/**
 * The request handler: `POST /WrsServlet` (load or save, told apart by the root element),
 * `POST /WrsNextIdentifierServlet/{scope}[/{blockSize}]` and `GET /xslt/<path>[.sef.json]`.
 */
export function wrsRequestHandler(options: WrsServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? 20 * 1024 * 1024;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Stylesheet paths are checked as sent: URL normalization would hide a `..` the request should be refused for.
    const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0];
    if (rawPath.startsWith('/xslt/')) return serveStylesheet(req, res, options.stylesheets, rawPath.slice('/xslt/'.length));
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ server: 'wrs-server', ok: true }));
      return;
    }
    const servlet = /^(?:.*\/)?(WrsServlet|WrsNextIdentifierServlet)(?:\/(.*))?$/.exec(path);
    if (!servlet) throw new HttpError(404, `No Wrs endpoint at ${path}`);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      throw new HttpError(405, `${req.method} is not supported; the Wrs endpoints take POST`);
    }
    const db = await options.db;
    if (servlet[1] === 'WrsNextIdentifierServlet') {
      const [scope = '', block, ...rest] = (servlet[2] ?? '').split('/').map((p) => decodedSegment(p, path));
      if (rest.length) throw badRequest(`Unexpected path ${path}; use /WrsNextIdentifierServlet/{scope}[/{blockSize}]`);
      if (block !== undefined && block !== '' && !/^\d{1,9}$/.test(block)) {
        throw badRequest(`Block size must be an integer from 1 to ${MAX_BLOCK_SIZE}, got "${block}"`);
      }
      const blockSize = block === undefined || block === '' ? 1 : Number(block);
      const last = await nextIdentifier(db, scope, blockSize);
      res.writeHead(200, { 'Content-Type': XML }).end(nextIdentifierXml(scope, blockSize, last));
      return;
    }
    if (servlet[2]) throw new HttpError(404, `No Wrs endpoint at ${path}`);
    const root = parseBody(await readBody(req, limit));
    if (root.namespaceURI === NS.wrq && root.localName === 'WrsRequest') {
      const xml = await runLoad(db, planLoad(root, options.bindingSets));
      res.writeHead(200, { 'Content-Type': XML }).end(xml);
    } else if (root.namespaceURI === NS.wrs && root.localName === 'Wrs') {
      const outcome = await saveWrs(db, root, options.bindingSets);
      res
        .writeHead(200, { 'Content-Type': XML })
        .end(`<SaveResult inserted="${outcome.inserted}" updated="${outcome.updated}" deleted="${outcome.deleted}"/>`);
    } else {
      throw badRequest(`Expected wrq:WrsRequest (load) or wrs:Wrs (save), got {${root.namespaceURI ?? ''}}${root.localName}`);
    }
  };
  return (req, res) => {
    handle(req, res).catch((e: unknown) => {
      const error = e instanceof HttpError ? e : internalError(e);
      if (error.status >= 500) options.log?.(`${req.method} ${req.url}: ${error.reason}${error.cause === undefined ? '' : `: ${detailOf(error.cause)}`}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Drain what is left of the body so the connection stays usable for the client.
      req.resume();
      res.writeHead(error.status, { 'Content-Type': XML }).end(errorXml(error));
    });
  };
}

/** How long a client may take to send a whole request (headers and body): a body trickled in holds no connection longer. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** How long a client may take to send the headers. */
export const HEADERS_TIMEOUT_MS = 20_000;

/** An HTTP server speaking the Wrs protocol (design.md 5); call `listen` on it. */
export function createWrsServer(options: WrsServerOptions): Server {
  // Node's defaults let a slow client hold a connection for 5 minutes (request) and 1 minute (headers).
  return createServer({ requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS }, wrsRequestHandler(options));
}

/** A path segment with its percent-escapes decoded; a malformed escape is the client's error (400), not ours. */
function decodedSegment(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`Malformed percent-escape in the path ${JSON.stringify(path)}`);
  }
}

/** A failure as the log shows it: the database's code, message and detail, or the stack. */
function detailOf(cause: unknown): string {
  const err = cause as { code?: unknown; message?: unknown; detail?: unknown; stack?: unknown };
  if (typeof err?.code === 'string' && typeof err.message === 'string') return [err.code, err.message, err.detail].filter(Boolean).join(': ');
  return typeof err?.stack === 'string' ? err.stack : String(cause);
}
