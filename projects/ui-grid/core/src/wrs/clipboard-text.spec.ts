import { domName } from '../../testing/fixtures';
import { csvField, parseTabText, toCsv, toTabText } from './clipboard-text';

describe(`clipboard text: TSV and CSV (${domName()})`, () => {
  it('writes tab-separated text with CRLF, quoting cells that hold a tab, line break or quote', () => {
    expect(toTabText([['a', 'b\tc'], ['line1\nline2', 'say "hi"'], [null, '']])).toBe(
      'a\t"b\tc"\r\n"line1\nline2"\t"say ""hi"""\r\n\t\r\n',
    );
  });

  it('parses its own output back, quoted multi-line cells included', () => {
    const block = [['a', 'b\tc', 'x'], ['line1\r\nline2', 'say "hi"', ''], ['"', '', 'end']];
    expect(parseTabText(toTabText(block))).toEqual(block);
  });

  it('parses Excel text: LF or CRLF line ends, one trailing line end, empty trailing cells kept', () => {
    expect(parseTabText('1\t2\n3\t\n')).toEqual([['1', '2'], ['3', '']]);
    expect(parseTabText('1\t2\r\n3\t4')).toEqual([['1', '2'], ['3', '4']]);
    expect(parseTabText('')).toEqual([]);
  });

  it('reads a quote that does not close a cell as literal text', () => {
    expect(parseTabText('"abc\tdef')).toEqual([['"abc', 'def']]);
    expect(parseTabText('"a"b\tc')).toEqual([['"a"b', 'c']]);
  });

  it('writes RFC 4180 CSV: commas, quotes and line breaks quoted, CRLF line ends', () => {
    expect(toCsv([['a,b', 'c"d', 'e\nf', 'plain']])).toBe('"a,b","c""d","e\nf",plain\r\n');
  });

  it('prefixes formula-like fields with an apostrophe (CSV formula injection)', () => {
    for (const bad of ['=1+2', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx']) expect(csvField(bad).replace(/^"/, '').startsWith("'")).toBeTrue();
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(null)).toBe('');
  });
});
