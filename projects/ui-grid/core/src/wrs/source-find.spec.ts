import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText, keepSourceText } from '../xml/source-text';
import { domName } from '../../testing/fixtures';
import { cellValue } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import { SourceFind } from './source-find';

/** Parses `text` and keeps it as the document's source, as parseXml does for large documents. */
function kept(text: string): WrsIndex {
  const doc = parseXml(text);
  keepSourceText(doc, text);
  return WrsIndex.of(doc);
}

const wrs = (p: string, rows: string) => {
  const x = p ? `xmlns:${p.slice(0, -1)}` : 'xmlns';
  return `<${p}Wrs ${x}="${NS.wrs}"><${p}Header><${p}Columns><${p}C pos="1" id="a"/><${p}C pos="2" id="b"/><${p}C pos="3" id="c"/></${p}Columns></${p}Header><${p}Data>${rows}</${p}Data></${p}Wrs>`;
};

/** Every cell of the DOM whose value the expression matches, as `row:pos`, in document order. */
function fromDom(index: WrsIndex, expression: RegExp): string[] {
  const out: string[] = [];
  index.rows().forEach((row, r) => {
    let pos = 0;
    for (let c = row.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1 || (c as Element).localName !== 'C' || (c as Element).namespaceURI !== NS.wrs) continue;
      pos++;
      const value = cellValue(c as Element);
      if (value && expression.test(value)) out.push(`${r}:${pos}`);
    }
  });
  return out;
}

/** Every hit of a search, run in steps of no time at all (each step does one window or one chunk of rows). */
function fromText(index: WrsIndex, expression: RegExp): string[] | null {
  const finder = SourceFind.of(index);
  if (!finder) return null;
  let ready: boolean | null;
  while ((ready = finder.prepare(0)) === false);
  if (ready === null) return null;
  const run = finder.search(expression);
  const out: string[] = [];
  let done: boolean | null;
  while ((done = run.step(0, (row, pos) => out.push(`${row}:${pos}`))) === false);
  return done === null ? null : out;
}

const PLAIN_ROWS =
  '<wrs:R id="r1"><wrs:C>Anna</wrs:C><wrs:C>b&gt;c</wrs:C><wrs:C/></wrs:R>' +
  '<wrs:M id="r2"><wrs:C>hanna</wrs:C><wrs:O>anna old</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>x</wrs:O><wrs:C>ANNA anna</wrs:C><wrs:O/></wrs:M>' +
  '<wrs:I id="r3"><wrs:C>a>b</wrs:C><wrs:C>Johann</wrs:C></wrs:I>' +
  '<wrs:D id="r4"/>\n  <wrs:R id="r5"><wrs:C>x</wrs:C><wrs:C>1</wrs:C><wrs:C>ann</wrs:C></wrs:R>';

describe(`SourceFind (${domName()})`, () => {
  it('finds the cells the DOM holds a match in, each once, never in originals, markup or ids', () => {
    const rows = PLAIN_ROWS.replace('b&gt;c', 'b>c');
    const index = kept(wrs('wrs:', rows));
    for (const expression of [/ann/iu, /a>b/iu, /x/iu, /wrs/iu, /C>/iu, /r2/iu, /id/iu, /1/iu, /</iu]) {
      expect(fromText(index, expression)).withContext(String(expression)).toEqual(fromDom(index, expression));
    }
    expect(fromText(index, /ann/iu)).toEqual(['0:1', '1:1', '1:3', '2:2', '4:3']);
  });

  it('reads the same with another prefix and with the default namespace', () => {
    for (const p of ['w:', '']) {
      const index = kept(wrs(p, PLAIN_ROWS.replace('b&gt;c', 'bc').replace(/wrs:/g, p)));
      expect(fromText(index, /ann/iu)).withContext(p).toEqual(fromDom(index, /ann/iu));
      expect(fromText(index, /ann/iu)!.length).toBe(5);
    }
  });

  it('finds across the windows of a large text, in document order, in steps that each return at once', () => {
    const rows: string[] = [];
    for (let r = 0; r < 12_000; r++) rows.push(`<wrs:R id="R${r}"><wrs:C>text ${r}-1</wrs:C><wrs:C>${r % 97}</wrs:C><wrs:C>last ${r}</wrs:C></wrs:R>`);
    const index = kept(wrs('wrs:', rows.join('')));
    for (const expression of [/text 11999-1/iu, /-1/iu, /9/iu, /st 1/iu]) {
      const found = fromText(index, expression)!;
      expect(found).withContext(String(expression)).toEqual(fromDom(index, expression));
    }
    expect(fromText(index, /text 11999-1/iu)).toEqual(['11999:1']);
  });

  it('gives null for text of another shape: references, CR, a comment, an attribute on a cell, foreign markup', () => {
    const shapes = [
      PLAIN_ROWS,
      PLAIN_ROWS.replace('Anna', 'An\r\nna'),
      PLAIN_ROWS.replace('<wrs:C>x</wrs:C>', '<wrs:C><!-- c -->x</wrs:C>'),
      PLAIN_ROWS.replace('<wrs:C>x</wrs:C>', '<wrs:C a="1">x</wrs:C>'),
      PLAIN_ROWS.replace('<wrs:C>x</wrs:C>', '<wrs:C>x<b xmlns="urn:x">y</b></wrs:C>'),
      PLAIN_ROWS.replace('<wrs:C>x</wrs:C>', '<wrs:C><![CDATA[x]]></wrs:C>'),
    ];
    for (const rows of shapes) expect(fromText(kept(wrs('wrs:', rows)), /ann/iu)).withContext(rows).toBeNull();
  });

  it('stops with null once the document changed (its kept text dropped), and is not made without a kept text', () => {
    const index = kept(wrs('wrs:', PLAIN_ROWS.replace('b&gt;c', 'bc')));
    const finder = SourceFind.of(index)!;
    expect(finder.prepare(Infinity)).toBeTrue();
    const run = finder.search(/ann/iu);
    forgetSourceText(index.doc);
    expect(run.step(Infinity, () => undefined)).toBeNull();
    expect(finder.prepare(Infinity)).toBeNull();
    expect(SourceFind.of(index)).toBeNull();
    expect(SourceFind.of(WrsIndex.of(parseXml(wrs('wrs:', '<wrs:R id="a"><wrs:C>ann</wrs:C></wrs:R>'))))).toBeNull();
  });

  it('gives null when the DOM no longer matches the text (another row id)', () => {
    const text = wrs('wrs:', '<wrs:R id="a"><wrs:C>ann</wrs:C></wrs:R><wrs:R id="b"><wrs:C>x</wrs:C></wrs:R>');
    const index = kept(text);
    index.rows()[1].setAttribute('id', 'moved');
    expect(fromText(index, /ann/iu)).toBeNull();
  });
});
