import { parseXml } from '../xml/dom';
import { WRS, domName } from '../../testing/fixtures';
import { allRowsCsv } from './all-rows-csv';
import { cellsOf } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';

const HEADER = `<wrs:Header><wrs:Columns><wrs:C pos="1" id="a" caption="First, A"/><wrs:C pos="2" id="b"/><wrs:C pos="3" id="c" caption="=C"/></wrs:Columns></wrs:Header>`;

function csvOf(data: string, separator = ''): string {
  return allRowsCsv(WrsIndex.of(parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${separator}${HEADER}${separator}<wrs:Data>${data}</wrs:Data></wrs:Wrs>`)));
}

describe(`allRowsCsv: the text of copyAllRows2CSV (${domName()})`, () => {
  it('writes a header of captions (the id where there is none), then each row that is not D, with CRLF line ends', () => {
    const data =
      '<wrs:R id="R1"><wrs:C>x</wrs:C><wrs:C>1</wrs:C><wrs:C>y</wrs:C></wrs:R>' +
      '<wrs:D id="R2"><wrs:C>gone</wrs:C><wrs:C>2</wrs:C><wrs:C>z</wrs:C></wrs:D>' +
      '<wrs:M id="R3"><wrs:C>new</wrs:C><wrs:O>old</wrs:O><wrs:C>3</wrs:C><wrs:O>4</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>w</wrs:O></wrs:M>' +
      '<wrs:I id="I_1_R3"><wrs:C><wrs:null/></wrs:C><wrs:C></wrs:C><wrs:C/></wrs:I>';
    expect(csvOf(data)).toBe(`"First, A",b,'=C\r\nx,1,y\r\nnew,3,\r\n,,\r\n`);
  });

  it('guards formula-like fields with an apostrophe and quotes commas, quotes and line breaks (RFC 4180)', () => {
    const values = ['=1+2', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx', 'a,b', 'say "hi"', 'two\nlines', '=HYPERLINK("u")', 'a=b', 'äö 😀 ü'];
    const data = values.map((_, i) => `<wrs:R id="R${i}"><wrs:C>v</wrs:C><wrs:C>k</wrs:C><wrs:C>${i}</wrs:C></wrs:R>`).join('');
    const index = WrsIndex.of(parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data>${data}</wrs:Data></wrs:Wrs>`));
    // Set through the DOM: a parser would turn the CR into LF.
    values.forEach((v, i) => (cellsOf(index.rowAt(i + 1)!)[0].firstChild!.nodeValue = v));
    const rows = allRowsCsv(index).split('\r\n').slice(1, -1);
    expect(rows).toEqual([
      `'=1+2,k,0`,
      `'+SUM(A1),k,1`,
      `'-2,k,2`,
      `'@cmd,k,3`,
      `'\tx,k,4`,
      `"'\rx",k,5`,
      `"a,b",k,6`,
      `"say ""hi""",k,7`,
      `"two\nlines",k,8`,
      `"'=HYPERLINK(""u"")",k,9`,
      `a=b,k,10`,
      `äö 😀 ü,k,11`,
    ]);
  });

  it('pads a row with fewer cells to the header width and leaves out cells past it', () => {
    const data = '<wrs:R id="R1"><wrs:C>only</wrs:C></wrs:R><wrs:R id="R2"/><wrs:R id="R3"><wrs:C>1</wrs:C><wrs:C>2</wrs:C><wrs:C>3</wrs:C><wrs:C>4</wrs:C></wrs:R>';
    expect(csvOf(data)).toBe(`"First, A",b,'=C\r\nonly,,\r\n,,\r\n1,2,3\r\n`);
  });

  it('reads an indented document (white space between rows and cells) as the compact one', () => {
    const data = '\n  <wrs:R id="R1">\n    <wrs:C>x</wrs:C>\n    <wrs:C>-1</wrs:C>\n    <wrs:C><![CDATA[a,<b>&]]></wrs:C>\n  </wrs:R>\n  <wrs:D id="R2"> <wrs:C>d</wrs:C> </wrs:D>\n  <!-- note -->\n  <wrs:R id="R3"> <wrs:C>y</wrs:C> </wrs:R>\n';
    expect(csvOf(data, '\n')).toBe(`"First, A",b,'=C\r\nx,'-1,"a,<b>&"\r\ny,,\r\n`);
  });

  it('takes a cell of several text nodes, nested elements or a leading comment as its whole text content', () => {
    const data =
      '<wrs:R id="R1"><wrs:C><!--c-->after</wrs:C><wrs:C>p<x>q</x>r</wrs:C><wrs:C><y>=nested</y></wrs:C></wrs:R>' +
      '<wrs:R id="R2"><wrs:C>s</wrs:C><wrs:C>t</wrs:C><wrs:C>u</wrs:C></wrs:R>';
    const doc = parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}<wrs:Data>${data}</wrs:Data></wrs:Wrs>`);
    const index = WrsIndex.of(doc);
    const cell = cellsOf(index.rowAt(2)!)[1];
    cell.appendChild(doc.createTextNode(',more'));
    expect(allRowsCsv(index)).toBe(`"First, A",b,'=C\r\nafter,pqr,'=nested\r\ns,"t,more",u\r\n`);
  });

  it('writes only the header for a Wrs without rows or without wrs:Data', () => {
    expect(csvOf('')).toBe(`"First, A",b,'=C\r\n`);
    expect(allRowsCsv(WrsIndex.of(parseXml(`<wrs:Wrs xmlns:wrs="${WRS}">${HEADER}</wrs:Wrs>`)))).toBe(`"First, A",b,'=C\r\n`);
  });
});
