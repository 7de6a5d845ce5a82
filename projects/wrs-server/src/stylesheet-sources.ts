import { readFile, realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { HttpError } from './http-error';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const XML = 'http://www.w3.org/XML/1998/namespace';

/** What tells a file version apart: mtime, size and inode (`missing` for a file not there). */
export async function fileStamp(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}:${info.ino}`;
  } catch {
    return 'missing';
  }
}

/** The hrefs of a stylesheet's xsl:include and xsl:import, resolved against their base URI (xml:base counted). */
function includedUrls(text: string, file: string): { href: string; url: URL }[] {
  let doc: Document;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(text, 'application/xml') as unknown as Document;
  } catch {
    // Malformed: the compiler reports it; a fixed file has another stamp and is read again.
    return [];
  }
  const elements = [...Array.from(doc.getElementsByTagNameNS(XSL, 'include')), ...Array.from(doc.getElementsByTagNameNS(XSL, 'import'))];
  return elements.flatMap((el) => {
    const href = el.getAttribute('href');
    if (href === null) return [];
    const bases: string[] = [];
    for (let n: Element | null = el; n; n = n.parentNode?.nodeType === 1 ? (n.parentNode as Element) : null) {
      const base = n.getAttributeNS(XML, 'base');
      if (base) bases.unshift(base);
    }
    try {
      let url = pathToFileURL(file);
      for (const base of [...bases, href]) url = new URL(base, url);
      return [{ href, url }];
    } catch {
      // Not a URI: the compiler reports it.
      return [];
    }
  });
}

/**
 * Every file a compile of the stylesheet `file` reads (it, and its xsl:include and xsl:import, recursively) with its
 * stamp, taken before the file is read: a change during the compile is seen by the next request. An include or import
 * leaving the folder `root` (a real path), by its href or by a symbolic link, is a 500 and nothing of it is read.
 */
export async function stylesheetSources(file: string, name: string, root: string): Promise<Map<string, string>> {
  const stamps = new Map<string, string>();
  const pending = [file];
  while (pending.length) {
    const next = pending.pop()!;
    if (stamps.has(next)) continue;
    const stamp = await fileStamp(next);
    stamps.set(next, stamp);
    // A missing include is the compiler's error to report; its stamp changes when it appears.
    if (stamp === 'missing') continue;
    // A file that cannot be read as text (a folder) is the compiler's error to report too.
    const text = await readFile(next, 'utf8').catch(() => null);
    if (text === null) continue;
    for (const { href, url } of includedUrls(text, next)) {
      const outside = () => new HttpError(500, `XSLT compile error in ${name}: xsl:include or xsl:import "${href}" leaves the stylesheet folder`);
      if (url.protocol !== 'file:') throw outside();
      const included = fileURLToPath(url);
      if (!included.startsWith(root + sep)) throw outside();
      const real = await realpath(included).catch(() => null);
      if (real !== null && !real.startsWith(root + sep)) throw outside();
      pending.push(included);
    }
  }
  return stamps;
}
