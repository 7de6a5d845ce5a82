import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { XmlDomImplementation, xmlParseError } from 'ngx-wrs-grid/core';

type Locator = { lineNumber?: number; columnNumber?: number };

const serializer = new XMLSerializer();

/** @xmldom/xmldom as the library's DOM where there is no browser DOM (Node). */
export const xmldomImplementation: XmlDomImplementation = {
  name: 'xmldom',
  parse(text) {
    let failure: string | null = null;
    let where: Locator = {};
    const parser = new DOMParser({
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
