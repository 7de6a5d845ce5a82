import { parseXml } from './dom';

// What an error answer's body says, read by the providers' XML loader and by the backend alike.

/** True for a body that is an HTML page (a proxy's error page, a login page a request was redirected to). */
export function isHtmlPage(body: string): boolean {
  // Comments before the page are stepped over by position: a regular expression for them backtracked exponentially
  // on a body of many comments.
  let at = body.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < body.length && /\s/.test(body[at])) at++;
    if (!body.startsWith('<!--', at)) break;
    const end = body.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = end + 3;
  }
  return /^<(?:!doctype\s+html|html[\s>])/i.test(body.slice(at, at + 20));
}

/** The readable text of an HTML page: its title, else its text without markup, shortened. */
export function htmlPageText(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  const text = (title ?? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return text.slice(0, 200);
}

/** The readable reason of an error answer's body: an HTML page's title, an `<Error>`'s message, else the text. */
export function errorReason(body: string): string {
  return errorDetails(body).reason;
}

/** The reason and the rows at fault of an error answer (the reference server's `<Error>`), else the body text itself. */
export function errorDetails(body: string): { reason: string; rowIds: string[] } {
  const trimmed = body.trim();
  if (isHtmlPage(trimmed)) return { reason: htmlPageText(trimmed), rowIds: [] };
  if (trimmed.startsWith('<')) {
    try {
      const root = parseXml(trimmed).documentElement;
      if (root.localName === 'Error') {
        // By local name, in any namespace: a server may put its error in one.
        const message = root.getElementsByTagNameNS('*', 'Message')[0]?.textContent ?? '';
        const rows = root.getElementsByTagNameNS('*', 'Row');
        const rowIds: string[] = [];
        for (let i = 0; i < rows.length; i++) rowIds.push(rows[i].getAttribute('id') ?? '');
        return { reason: message, rowIds };
      }
    } catch {
      // Not XML after all: the text is the reason.
    }
  }
  return { reason: trimmed.slice(0, 500), rowIds: [] };
}
