import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { XmlDomImplementation, xmlParseError } from 'ngx-wrs-grid/core';

type Locator = { lineNumber?: number; columnNumber?: number };

const serializer = new XMLSerializer();

// Characters XML 1.0 does not allow (Char production), raw or as character references; browsers refuse them and
// @xmldom/xmldom does not, so both DOMs agree on what is XML.
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const FORBIDDEN_REFERENCE = /&#(?:x0*(?:[0-8bcef]|1[0-9a-f]|fffe|ffff)|0*(?:[0-8]|1[124-9]|2[0-9]|3[01]|65534|65535));/i;

function lineAndColumn(text: string, at: number): Locator {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { lineNumber: line, columnNumber: at - before.lastIndexOf('\n') };
}

// XML 1.0 line ends, as browsers read them: only CR LF and a lone CR become LF. @xmldom/xmldom's default follows
// XML 1.1 and turns U+0085, U+2028 and U+2029 into LF too, so text holding them would change on its way through Node.
const xml10LineEndings = (text: string): string => text.replace(/\r\n?/g, '\n');

/** @xmldom/xmldom as the library's DOM where there is no browser DOM (Node). */
export const xmldomImplementation: XmlDomImplementation = {
  name: 'xmldom',
  parse(text) {
    const bad = FORBIDDEN_CHAR.exec(text) ?? FORBIDDEN_REFERENCE.exec(text);
    if (bad) {
      const where = lineAndColumn(text, bad.index);
      const shown = bad[0].length === 1 ? `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : bad[0];
      throw xmlParseError(text, `character ${shown} is not allowed in XML`, where.lineNumber, where.columnNumber);
    }
    let failure: string | null = null;
    let where: Locator = {};
    const parser = new DOMParser({
      normalizeLineEndings: xml10LineEndings,
      onError: (level: string, message: string, context?: { locator?: Locator }) => {
        if (level === 'warning' || failure !== null) return;
        failure = message;
        where = { ...context?.locator };
      },
    });
    let doc: Document | undefined;
    try {
      doc = parser.parseFromString(text, 'application/xml') as unknown as Document;
    } catch (e) {
      failure ??= e instanceof Error ? e.message : String(e);
    }
    if (failure !== null || !doc || !doc.documentElement) {
      throw xmlParseError(text, String(failure ?? 'no root element'), where.lineNumber, where.columnNumber);
    }
    return doc;
  },
  serialize: (node) => serializer.serializeToString(node as never),
  createDocument: () => new DOMImplementation().createDocument(null, '', null) as unknown as Document,
};
