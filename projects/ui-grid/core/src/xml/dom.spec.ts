import { WrsError } from '../errors';
import { domName } from '../../testing/fixtures';
import { parseXml, registerXmlDomImplementation, serializeXml, setText, xmlDom } from './dom';

describe(`parseXml / serializeXml (${domName()})`, () => {
  it('uses the browser DOM where there is one and @xmldom/xmldom otherwise', () => {
    expect(xmlDom().name).toBe(domName() === 'browser DOM' ? 'browser' : 'xmldom');
  });

  it('parses with the browser DOM without registration, and raises NO_DOM naming the import where there is none', () => {
    const registered = registerXmlDomImplementation(null);
    try {
      if (domName() === 'browser DOM') expect(parseXml('<x/>').documentElement.localName).toBe('x');
      else {
        expect(() => parseXml('<x/>')).toThrowMatching(
          (e) => e instanceof WrsError && e.code === 'NO_DOM' && e.message.includes("import 'ngx-wrs-grid/core/xmldom';"),
        );
      }
    } finally {
      registerXmlDomImplementation(registered);
    }
    expect(parseXml('<x/>').documentElement.localName).toBe('x');
  });

  it('parses namespaced XML and serializes it back', () => {
    const doc = parseXml('<a:x xmlns:a="urn:a"><a:y k="1">t</a:y></a:x>');
    expect(doc.documentElement.localName).toBe('x');
    expect(doc.documentElement.namespaceURI).toBe('urn:a');
    const text = serializeXml(doc);
    expect(text).toContain('<a:y k="1">t</a:y>');
    expect(parseXml(text).documentElement.firstChild!.textContent).toBe('t');
  });

  it('setText replaces the content of an element by text: one text node takes it in place, other content goes', () => {
    const doc = parseXml('<r><c>old</c><d/><e>a<b/>c</e><f>keep</f></r>');
    const [c, d, e, f] = Array.from(doc.documentElement.childNodes) as Element[];
    const text = c.firstChild as Text;
    setText(c, 'new value');
    expect(c.firstChild).toBe(text);
    expect(c.childNodes.length).toBe(1);
    expect([text.data, text.nodeValue, c.textContent]).toEqual(['new value', 'new value', 'new value']);
    setText(d, 'x');
    setText(e, 'y');
    setText(f, '');
    expect(serializeXml(doc)).toContain('<c>new value</c><d>x</d><e>y</e><f/>');
    setText(c, '');
    expect(c.childNodes.length).toBe(0);
    setText(c, 'back');
    expect(serializeXml(c)).toBe('<c>back</c>');
  });

  it('raises XML_PARSE with line and column for malformed XML', () => {
    let error: unknown;
    try {
      parseXml('<a>\n  <b>\n</a>');
    } catch (e) {
      error = e;
    }
    expect(error).toEqual(jasmine.any(WrsError));
    const e = error as WrsError;
    expect(e.code).toBe('XML_PARSE');
    expect(e.details?.['line']).toEqual(jasmine.any(Number));
    expect(e.details?.['column']).toEqual(jasmine.any(Number));
    expect(e.message).toMatch(/line \d+, column \d+/);
    expect(e.input).toBe('<a>\n  <b>\n</a>');
  });

  it('refuses malformed XML of every shape, and takes a well-formed document holding a parsererror element', () => {
    for (const bad of ['', 'x', '<a>', '<a/><b/>', '<a xmlns="urn:x"><b>t</b><c', '<html xmlns="http://www.w3.org/1999/xhtml"><body><p></body></html>']) {
      expect(() => parseXml(bad)).withContext(JSON.stringify(bad)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_PARSE');
    }
    const doc = parseXml('<a><b><parsererror xmlns="http://www.w3.org/1999/xhtml">data, not an error</parsererror></b></a>');
    expect(doc.documentElement.textContent).toBe('data, not an error');
  });

  it('keeps carriage returns through serialize and parse, with every namespace, attribute and node kind in place', () => {
    const text =
      '<r xmlns="urn:d" xmlns:p="urn:p" xml:lang="de"><p:a p:k="v&#13;w" plain="x">one&#13;\ntwo</p:a>' +
      '<b xmlns=""><c>&#13;</c></b><![CDATA[cd]]><!--note--><?pi data?><p:e/><f xmlns:q="urn:q">q:name&#13;</f></r>';
    const doc = parseXml(text);
    const back = parseXml(serializeXml(doc));
    const describe = (n: Node): string => {
      if (n.nodeType !== 1) return `${n.nodeType}:${JSON.stringify(n.nodeValue)}`;
      const e = n as Element;
      const attributes: string[] = [];
      for (let i = 0; i < e.attributes.length; i++) {
        const a = e.attributes[i];
        if (a.namespaceURI !== 'http://www.w3.org/2000/xmlns/') attributes.push(`{${a.namespaceURI ?? ''}}${a.localName}=${JSON.stringify(a.value)}`);
      }
      const kids: string[] = [];
      for (let c = e.firstChild; c; c = c.nextSibling) kids.push(describe(c));
      return `{${e.namespaceURI ?? ''}}${e.localName}[${attributes.sort().join(',')}](${kids.join(',')})`;
    };
    expect(describe(back.documentElement).replace('4:"cd"', '3:"cd"')).toBe(describe(doc.documentElement).replace('4:"cd"', '3:"cd"'));
    expect(back.documentElement.firstChild!.textContent).toBe('one\r\ntwo');
    expect((back.documentElement.firstChild as Element).getAttributeNS('urn:p', 'k')).toBe('v\rw');
    expect(back.documentElement.lastChild!.lookupNamespaceURI('q')).withContext('a declaration only content uses is kept').toBe('urn:q');
  });

  it('keeps the namespaces of names built by the DOM API when a carriage return makes our writer serialize them', () => {
    const XMLNS = 'http://www.w3.org/2000/xmlns/';
    const doc = parseXml('<r xmlns:p="urn:a"><p:e/><e xmlns:p="urn:a" p:a="1"/></r>');
    const [first, second] = [doc.documentElement.firstChild as Element, doc.documentElement.lastChild as Element];
    first.setAttributeNS('urn:b', 'p:x', '1');
    first.appendChild(doc.createTextNode('a\rb'));
    second.setAttributeNS('urn:b', 'p:b', '2');
    const third = doc.createElementNS('urn:a', 'p:f');
    third.setAttributeNS(XMLNS, 'xmlns:p', 'urn:b');
    third.setAttributeNS('urn:b', 'p:y', '3');
    doc.documentElement.appendChild(third);
    const back = parseXml(serializeXml(doc));
    const [e1, e2, e3] = [0, 1, 2].map((i) => back.documentElement.childNodes[i] as Element);
    expect([e1.namespaceURI, e1.localName, e1.getAttributeNS('urn:b', 'x'), e1.textContent]).toEqual(['urn:a', 'e', '1', 'a\rb']);
    expect([e2.namespaceURI, e2.getAttributeNS('urn:a', 'a'), e2.getAttributeNS('urn:b', 'b')]).toEqual([null, '1', '2']);
    expect([e3.namespaceURI, e3.localName, e3.getAttributeNS('urn:b', 'y'), e3.lookupNamespaceURI('p')]).toEqual(['urn:a', 'f', '3', 'urn:b']);
  });

  it('refuses characters XML does not allow, raw or as references, on both DOMs', () => {
    for (const bad of ['<a>\u0001</a>', '<a>&#0;</a>', '<a b="&#x1F;"/>', '<a>&#65535;</a>']) {
      expect(() => parseXml(bad)).withContext(JSON.stringify(bad)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_PARSE');
    }
    expect(parseXml('<a>&#9;&#10;&#13;&#x20;\t</a>').documentElement!.textContent).toBe('\t\n\r \t');
  });

  it('names only the line and column the parser knew', () => {
    for (const bad of ['x<a/>', '<a></b>', '<a>']) {
      try {
        parseXml(bad);
        fail(`parsed ${bad}`);
      } catch (e) {
        expect((e as WrsError).code).toBe('XML_PARSE');
        const { message, details } = e as WrsError;
        expect(message).withContext(bad).not.toMatch(/undefined|line 0|NaN/);
        // details hold what the message names: a line of 1 or more, a column only with a line.
        const line = details?.['line'];
        const column = details?.['column'];
        expect(line === undefined || (Number.isInteger(line) && (line as number) > 0)).withContext(`${bad} line ${line}`).toBeTrue();
        expect(column === undefined || (line !== undefined && Number.isInteger(column) && (column as number) > 0)).withContext(`${bad} column ${column}`).toBeTrue();
        expect(message.includes(` at line ${line}`)).toBe(line !== undefined);
      }
    }
  });

  it('raises XML_PARSE for empty text and text without a root', () => {
    for (const bad of ['', '   ', 'just text']) {
      expect(() => parseXml(bad)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_PARSE');
    }
  });

  it('refuses a DOCTYPE before parsing, so no entity is expanded', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(() => parseXml(bomb)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_DOCTYPE');
    const external = '<!-- c --><!doctype x SYSTEM "file:///etc/passwd"><x>&xxe;</x>';
    expect(() => parseXml(external)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XML_DOCTYPE');
  });

  it('refuses a DOCTYPE after characters no parser should take before the root (U+2028, U+0085, text)', () => {
    for (const lead of ['\u2028', '\u0085', '\u2028\u2028 ', 'x']) {
      const text = `${lead}<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`;
      let error: unknown = null;
      try {
        parseXml(text);
      } catch (e) {
        error = e;
      }
      expect(error).withContext(JSON.stringify(lead)).toEqual(jasmine.any(WrsError));
      expect((error as WrsError).code).withContext(JSON.stringify(lead)).toBe('XML_DOCTYPE');
    }
  });

  it('accepts the text DOCTYPE inside content, where it is no declaration', () => {
    const doc = parseXml('<x><![CDATA[<!DOCTYPE x>]]></x>');
    expect(doc.documentElement.textContent).toBe('<!DOCTYPE x>');
  });
});
