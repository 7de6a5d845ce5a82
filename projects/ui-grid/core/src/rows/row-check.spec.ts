import { domName } from '../../testing/fixtures';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { RowStore } from './row-store';
import { RowCheck } from './row-check';
import { findData } from './row-scan';

/** True when a whole parse takes the text. */
function parses(text: string): boolean {
  try {
    parseXml(text);
    return true;
  } catch {
    return false;
  }
}

/** True when the store finds the rows well-formed; false when it raises XML_PARSE. */
function verifies(text: string): boolean {
  const store = RowStore.open(text)!;
  expect(store).withContext(text).not.toBeNull();
  try {
    store.scan();
    return store.verify();
  } catch (e) {
    expect(e instanceof WrsError && e.code === 'XML_PARSE').withContext(`${e}`).toBeTrue();
    return false;
  }
}

describe(`RowStore.verify (${domName()})`, () => {
  const W = `xmlns:wrs="${NS.wrs}"`;
  const wrs = (rows: string) =>
    `<wrs:Wrs ${W}><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;

  it('finds well-formed rows well-formed without building any', () => {
    const text = wrs('\n <wrs:R id="R1"><wrs:C>x &amp; y ]] &gt;</wrs:C><wrs:C/></wrs:R>\n <wrs:M id="R2" x=\'1\'><wrs:C>n</wrs:C><wrs:O>o</wrs:O><wrs:C><wrs:null/></wrs:C></wrs:M><!-- c --><wrs:D id="R3"/>');
    const store = RowStore.open(text)!;
    store.scan();
    expect(store.verified).toBeFalse();
    expect(store.verify()).toBeTrue();
    expect(store.verified).toBeTrue();
    expect(store.builtRowCount).toBe(0);
    expect(store.materialized).toBeFalse();
  });

  it('checks rows of the usual shape by their pattern, parsing only what the pattern does not take', () => {
    const usual = wrs('\n<wrs:R id="R1"><wrs:C>a &amp; b</wrs:C><wrs:C/></wrs:R><wrs:M id="R2"><wrs:C>n</wrs:C><wrs:O>o</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O/></wrs:M>\n<wrs:D id="R3" x="1"/>\n');
    const pieces: string[] = [];
    const check = new RowCheck(usual, findData(usual)!, (piece) => pieces.push(piece));
    expect(check.run()).toBeTrue();
    expect(pieces).toEqual([]);
    const odd = wrs('<wrs:R id="R1"><wrs:C>a</wrs:C></wrs:R><!-- c --><wrs:R id="R2"><wrs:C>&#65;</wrs:C></wrs:R>');
    const oddPieces: string[] = [];
    new RowCheck(odd, findData(odd)!, (piece) => oddPieces.push(piece)).run();
    expect(oddPieces).toEqual(['<!-- c -->', '<wrs:R id="R2"><wrs:C>&#65;</wrs:C></wrs:R>']);
  });

  // Each is a row a parser refuses or takes; the store must say the same as a whole parse of the text.
  const rows = [
    '<wrs:R id="R1"><wrs:C>a<b</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a & b</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>&nbsp;</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a]]>b</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>\u0001</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>&#0;</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>&#65;&#x42;</wrs:C></wrs:R>',
    '<wrs:R id="R1" id="R2"><wrs:C>a</wrs:C></wrs:R>',
    '<wrs:R id="R<1"><wrs:C>a</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a</wrs:O></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a</wrs:C>',
    '<wrs:R id="R1"><wrs:C>a</wrs:C></wrs:M>',
    '<wrs:R id="R1"><x:C>a</x:C></wrs:R>',
    '<wrs:R id="R1" x:a="1"><wrs:C>a</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C><![CDATA[a<b]]></wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C><![CDATA[a<b]></wrs:C></wrs:R>',
    '<wrs:R id="R1"><!-- a -- b --><wrs:C>a</wrs:C></wrs:R>',
    '<wrs:R id="R1"><?pi x?><wrs:C>a</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a</wrs:C></wrs:R> & ',
    '<wrs:R id="R1"><wrs:C>a</wrs:C></wrs:R> <!-- open ',
    '<wrs:R id="R1"><wrs:C>\ud83d\ude00</wrs:C></wrs:R>',
    '<wrs:R\tid="R1"\n><wrs:C>a\r\nb</wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C><wrs:null /></wrs:C></wrs:R>',
    '<wrs:R id="R1"><wrs:C>a</wrs:C ></wrs:R >',
    '<wrs:R id="R1"><wrs:C a="1" a="2">a</wrs:C></wrs:R>',
  ];
  for (const row of rows) {
    it(`says what a parse says of ${JSON.stringify(row)}`, () => {
      const text = wrs(`<wrs:R id="R0"><wrs:C>ok</wrs:C></wrs:R>${row}<wrs:R id="R9"/>`);
      // A text the scan cannot read as rows is parsed whole by the caller: nothing for the check to say.
      const store = RowStore.open(text);
      if (!store) return;
      let scanned: boolean;
      try {
        scanned = store.scan();
      } catch {
        return;
      }
      expect(scanned).toBeTrue();
      expect(verifies(text)).toBe(parses(text));
    });
  }

  it('agrees with a whole parse on random Wrs texts', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 40; i++) {
      const text = randomWrsText(random, 20, 4);
      if (!RowStore.open(text)) continue;
      expect(verifies(text)).withContext(text).toBe(parses(text));
    }
  });

  it('checks in slices that each stop at their budget', () => {
    const cells = Array.from({ length: 20 }, (_, i) => `<wrs:C>value ${i} &amp; more</wrs:C>`).join('');
    const text = wrs(Array.from({ length: 20_000 }, (_, r) => `<wrs:R id="R${r}">${cells}</wrs:R>`).join('\n'));
    const store = RowStore.open(text)!;
    store.scan();
    let slices = 1;
    while (!store.verify({ budgetMs: 1 })) slices++;
    expect(slices).toBeGreaterThan(1);
    expect(store.verified).toBeTrue();
    expect(store.builtRowCount).toBe(0);
  });
});
