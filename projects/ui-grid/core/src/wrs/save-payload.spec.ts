import { ELEMENT_NODE, parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WRS, domName } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { buildSavePayload } from './save-payload';
import { cellValue, cellsOf } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';

const HEADER =
  '<wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns>' +
  '<wrs:ValidationResult><wrs:Wrs uiValidationId="v"/></wrs:ValidationResult><wrs:TransactionsNumber>2</wrs:TransactionsNumber></wrs:Header>';

/** A node and its subtree as a string: namespace URI, local name, attributes, children; adjacent text merged. */
function canonical(node: Node): string {
  if (node.nodeType !== ELEMENT_NODE) return JSON.stringify(node.nodeValue);
  const el = node as Element;
  const attributes: string[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes[i];
    if (a.namespaceURI !== 'http://www.w3.org/2000/xmlns/') attributes.push(`{${a.namespaceURI ?? ''}}${a.localName}=${JSON.stringify(a.value)}`);
  }
  const children: string[] = [];
  let text = '';
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 || c.nodeType === 4) text += c.nodeValue;
    else {
      if (text) children.push(JSON.stringify(text));
      text = '';
      children.push(canonical(c));
    }
  }
  if (text) children.push(JSON.stringify(text));
  return `{${el.namespaceURI ?? ''}}${el.localName}[${attributes.sort().join(' ')}](${children.join(',')})`;
}

function dataRows(doc: Document): Element[] {
  const data = WrsIndex.of(doc).data!;
  const rows: Element[] = [];
  for (let c = data.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE) rows.push(c as Element);
  return rows;
}

/** The payload's text parsed, checked against the document: exactly its non-R rows, each as it stands, in order. */
function sentAsTheyStand(doc: Document): Document {
  const index = WrsIndex.of(doc);
  const payload = buildSavePayload(index);
  const sent = parseXml(payload.text);
  const expected = index.rows().filter((r) => r.localName !== 'R');
  expect(dataRows(sent).map(canonical)).toEqual(expected.map(canonical));
  expect(payload.rowCount).toBe(expected.length);
  expect(payload.sent.map((s) => s.row)).toEqual(expected);
  expect(payload.sent.map((s) => s.values)).toEqual(expected.map((r) => cellsOf(r).map(cellValue)));
  return sent;
}

describe(`save payload: the text a save posts (${domName()})`, () => {
  it('holds the header without validation results and only the I, M and D rows in document order, M rows with wrs:O', () => {
    const doc = parseXml(
      `<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data>` +
        '<wrs:R id="R1"><wrs:C>a</wrs:C><wrs:C>1</wrs:C></wrs:R>' +
        '<wrs:M id="R2"><wrs:C>b2</wrs:C><wrs:O>b</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>2</wrs:O></wrs:M>' +
        '<wrs:I id="I_1_R2"><wrs:C><wrs:null/></wrs:C><wrs:C/></wrs:I>' +
        '<wrs:R id="R3"><wrs:C>c</wrs:C><wrs:C>3</wrs:C></wrs:R>' +
        '<wrs:D id="R4"><wrs:C>d</wrs:C><wrs:C>4</wrs:C></wrs:D>' +
        '</wrs:Data><wrs:Footer><wrs:MaxRowsExceeded maxRows="4"/></wrs:Footer></wrs:Wrs>',
    );
    const sent = sentAsTheyStand(doc);
    expect(rowShapes(sent)).toEqual(['M R2 b2|~ / b|2', 'I I_1_R2 ~|', 'D R4 d|4']);
    const root = sent.documentElement;
    expect(root.getElementsByTagNameNS(NS.wrs, 'ValidationResult').length).toBe(0);
    expect(root.getElementsByTagNameNS(NS.wrs, 'Footer').length).toBe(0);
    expect(root.getElementsByTagNameNS(NS.wrs, 'TransactionsNumber')[0].textContent).toBe('2');
    expect(buildSavePayload(WrsIndex.of(doc)).sent[0].values).toEqual(['b2', null]);
  });

  it('escapes markup characters in cells and attributes, so the server reads the values the document holds', () => {
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data><wrs:M id="R1"><wrs:C>x</wrs:C><wrs:O>y</wrs:O><wrs:C>z</wrs:C><wrs:O>w</wrs:O></wrs:M></wrs:Data></wrs:Wrs>`);
    const row = WrsIndex.of(doc).rowAt(1)!;
    const cells = cellsOf(row);
    cells[0].firstChild!.nodeValue = 'a & b <c> ]]> "q"';
    cells[1].nextSibling!.firstChild!.nodeValue = '&amp;';
    row.setAttribute('note', 'say "hi"\tand\nbye & <go>');
    const sent = sentAsTheyStand(doc);
    expect(rowShapes(sent)).toEqual(['M R1 a & b <c> ]]> "q"|z / y|&amp;']);
    expect(dataRows(sent)[0].getAttribute('note')).toBe('say "hi"\tand\nbye & <go>');
  });

  it('writes a carriage return in a cell as &#13;, so the server reads the value the document holds, not a line feed', () => {
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data><wrs:M id="R1"><wrs:C>x</wrs:C><wrs:O>y</wrs:O><wrs:C>z</wrs:C><wrs:O>w</wrs:O></wrs:M></wrs:Data></wrs:Wrs>`);
    const cells = cellsOf(WrsIndex.of(doc).rowAt(1)!);
    cells[0].firstChild!.nodeValue = 'a\r\nb\rc';
    const text = buildSavePayload(WrsIndex.of(doc)).text;
    expect(text).toContain('<wrs:C>a&#13;\nb&#13;c</wrs:C>');
    expect(rowShapes(parseXml(text))).toEqual(['M R1 a\r\nb\rc|z / y|w']);
  });

  it('writes rows of another shape as the DOM serializes them: namespaced attributes, cell attributes, comments, nested elements', () => {
    const doc = parseXml(
      `<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data xmlns:x="urn:x">` +
        '<wrs:I id="I1" x:origin="paste"><wrs:C>1</wrs:C><wrs:C>2</wrs:C></wrs:I>' +
        '<wrs:I id="I2"><wrs:C x:hint="h">1</wrs:C><wrs:C>2</wrs:C></wrs:I>' +
        '<wrs:I id="I3"><wrs:C><!--c-->1</wrs:C><wrs:C>2<x:b>3</x:b></wrs:C></wrs:I>' +
        '<wrs:I id="I4"><wrs:C>plain</wrs:C><!--between--><wrs:C>row</wrs:C></wrs:I>' +
        '<x:Other id="I5"><wrs:C>foreign</wrs:C></x:Other>' +
        '<wrs:I id="I6"><wrs:C>usual</wrs:C><wrs:C>row</wrs:C></wrs:I>' +
        '<wrs:I id="I7"><wrs:C>text<x:mark/></wrs:C><wrs:C>row</wrs:C></wrs:I>' +
        '<wrs:I id="I8"><wrs:C>plain</wrs:C><wrs:C>row</wrs:C></wrs:I>' +
        '<wrs:I id="I9"><wrs:C><x:b>nested</x:b></wrs:C><wrs:C>row</wrs:C></wrs:I>' +
        '<wrs:I id="I10"><wrs:C><wrs:null>not empty</wrs:null></wrs:C><wrs:C>row</wrs:C></wrs:I>' +
        '</wrs:Data></wrs:Wrs>',
    );
    const index = WrsIndex.of(doc);
    cellsOf(index.rowAt(8)!)[0].appendChild(doc.createTextNode(' text'));
    const sent = sentAsTheyStand(doc);
    expect(dataRows(sent).map((r) => r.getAttribute('id'))).toEqual(['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9', 'I10']);
    expect(buildSavePayload(index).sent[7].values).toEqual(['plain text', 'row']);
  });

  it('keeps white space between rows and cells of an indented document', () => {
    const doc = parseXml(
      `<wrs:Wrs xmlns:wrs="${WRS}">\n  ${HEADER}\n  <wrs:Data>\n    <wrs:D id="R1">\n      <wrs:C>a</wrs:C>\n      <wrs:C><![CDATA[<b>]]></wrs:C>\n    </wrs:D>\n  </wrs:Data>\n</wrs:Wrs>`,
    );
    const sent = sentAsTheyStand(doc);
    expect(rowShapes(sent)).toEqual(['D R1 a|<b>']);
  });

  it('writes Wrs rows in the Wrs namespace whatever prefix the document uses', () => {
    for (const root of [`<Wrs xmlns="${WRS}">`, `<w:Wrs xmlns:w="${WRS}" xmlns:wrs="urn:not-wrs">`]) {
      const prefix = root.startsWith('<w:') ? 'w:' : '';
      const doc = parseXml(
        `${root}<${prefix}Header><${prefix}Columns><${prefix}C pos="1" id="a"/></${prefix}Columns></${prefix}Header><${prefix}Data>` +
          `<${prefix}R id="R1"><${prefix}C>r</${prefix}C></${prefix}R><${prefix}M id="R2"><${prefix}C>m</${prefix}C><${prefix}O>o</${prefix}O></${prefix}M>` +
          `</${prefix}Data></${prefix}Wrs>`,
      );
      const sent = sentAsTheyStand(doc);
      expect(rowShapes(sent)).toEqual(['M R2 m / o']);
      expect(WrsIndex.of(sent).rows()[0].namespaceURI).toBe(NS.wrs);
    }
  });

  it('writes a carriage return as &#13; whatever prefix the document uses, in rows of any shape', () => {
    for (const [root, prefix] of [[`<Wrs xmlns="${WRS}">`, ''], [`<w:Wrs xmlns:w="${WRS}" xmlns:wrs="urn:not-wrs">`, 'w:']]) {
      const doc = parseXml(
        `${root}<${prefix}Header><${prefix}Columns><${prefix}C pos="1" id="a"/><${prefix}C pos="2" id="b"/></${prefix}Columns></${prefix}Header><${prefix}Data xmlns:x="urn:x">` +
          `<${prefix}D id="R1"><${prefix}C>a&#13;\nb</${prefix}C><${prefix}C>x</${prefix}C></${prefix}D>` +
          `<${prefix}D id="R2" x:origin="o&#13;p"><${prefix}C x:hint="h">c&#13;d</${prefix}C><${prefix}C><plain>e&#13;f</plain></${prefix}C></${prefix}D>` +
          `</${prefix}Data></${prefix}Wrs>`,
      );
      const text = buildSavePayload(WrsIndex.of(doc)).text;
      expect(text).withContext(root).not.toContain('\r');
      const sent = sentAsTheyStand(doc);
      expect(rowShapes(sent)).withContext(root).toEqual(['D R1 a\r\nb|x', 'D R2 c\rd|e\rf']);
      const second = WrsIndex.of(sent).rowAt(2)!;
      expect(second.getAttributeNS('urn:x', 'origin')).toBe('o\rp');
    }
  });

  it('gives the payload as a document too, parsed from the text that is sent', () => {
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data><wrs:D id="R1"><wrs:C>a</wrs:C><wrs:C>1</wrs:C></wrs:D></wrs:Data></wrs:Wrs>`);
    const payload = buildSavePayload(WrsIndex.of(doc));
    expect(rowShapes(payload.wrs)).toEqual(['D R1 a|1']);
    expect(canonical(payload.wrs.documentElement)).toBe(canonical(parseXml(payload.text).documentElement));
  });

  it('sends a header only when no row changed', () => {
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data><wrs:R id="R1"><wrs:C>a</wrs:C><wrs:C>1</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`);
    const payload = buildSavePayload(WrsIndex.of(doc));
    expect(payload.rowCount).toBe(0);
    expect(rowShapes(parseXml(payload.text))).toEqual([]);
  });
});
