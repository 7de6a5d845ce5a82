import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { ColumnValues } from '../filter/column-values';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { SOURCE_TEXT_MIN_LENGTH, keepSourceText, sourceTextOf } from '../xml/source-text';
import { domName } from '../../testing/fixtures';
import { cellAt, cellValue, setCellContent } from '../rows/row-states';
import { SourceCells } from './source-cells';
import { decodeXmlText } from '../xml/markup-scan';
import { WrsIndex } from '../rows/wrs-index';
import { WrsUtil } from './wrs-util';

const WRS = NS.wrs;

/** Parses `text` and keeps it as the document's source, as parseXml does for large documents. */
function kept(text: string): { doc: Document; index: WrsIndex } {
  const doc = parseXml(text);
  keepSourceText(doc, text);
  return { doc, index: WrsIndex.of(doc) };
}

/** Every cell as the DOM holds it: the value of the n-th wrs:C child of each row, positions 1..width. */
function fromDom(index: WrsIndex, width: number): (string | null)[][] {
  return index.rows().map((row) => {
    const cells = Array.from(row.childNodes).filter((c): c is Element => c.nodeType === 1 && (c as Element).localName === 'C' && (c as Element).namespaceURI === WRS);
    return Array.from({ length: width }, (_, k) => (cells[k] ? cellValue(cells[k]) : null));
  });
}

/** Every cell read through SourceCells, one column at a time in two chunks; null when the reader gave up. */
function fromText(index: WrsIndex, width: number): (string | null)[][] | null {
  const reader = SourceCells.of(index);
  if (!reader) return null;
  const rows = index.rows();
  const columns: (string | null)[][] = [];
  for (let pos = 1; pos <= width; pos++) {
    const out: (string | null)[] = new Array(rows.length);
    const half = rows.length >> 1;
    if (!reader.read(rows, 0, half, [pos], [out]) || !reader.read(rows, half, rows.length, [pos], [out])) return null;
    columns.push(out);
  }
  return rows.map((_, r) => columns.map((c) => c[r]));
}

const header = (p: string, width: number) =>
  `<${p}Header><${p}Columns>${Array.from({ length: width }, (_, k) => `<${p}C pos="${k + 1}" id="c${k + 1}"/>`).join('')}</${p}Columns></${p}Header>`;

describe(`SourceCells (${domName()})`, () => {
  it('reads every cell as the DOM does: text, empty and self-closing cells, wrs:null, M rows with wrs:O, short rows', () => {
    const text =
      `<?xml version="1.0"?><!-- before --><wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 3)}<wrs:Data>\n` +
      `  <wrs:R id="R1"><wrs:C>a</wrs:C><wrs:C/><wrs:C></wrs:C></wrs:R>\n` +
      `  <wrs:M id="R2"><wrs:C>new</wrs:C><wrs:O>old</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>x</wrs:O><wrs:C>3</wrs:C><wrs:O/></wrs:M>\n` +
      `  <wrs:I id="I_1_R2"><wrs:C>only one</wrs:C></wrs:I>\n` +
      `  <wrs:D id="R3"/>\n` +
      `  <wrs:R id='R4' class="a>b"><wrs:C> spaced </wrs:C><wrs:C>2</wrs:C><wrs:C>3</wrs:C></wrs:R>\n` +
      `</wrs:Data><wrs:Footer><!-- after --></wrs:Footer></wrs:Wrs>`;
    const { index } = kept(text);
    const read = fromText(index, 4);
    expect(read).toEqual([
      ['a', '', '', null],
      ['new', null, '3', null],
      ['only one', null, null, null],
      [null, null, null, null],
      [' spaced ', '2', '3', null],
    ]);
    expect(read).toEqual(fromDom(index, 4));
  });

  it('resolves references and line ends as the parser did', () => {
    const text = `<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 2)}<wrs:Data><wrs:R id="R1"><wrs:C>a &amp; b &lt;c&gt; &quot;&apos;</wrs:C><wrs:C>x&#13;y\r\nz\rw &#x20AC;&#128512;</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const { index } = kept(text);
    expect(fromText(index, 2)).toEqual([['a & b <c> "\'', 'x\ry\nz\nw \u20AC\u{1F600}']]);
    expect(fromText(index, 2)).toEqual(fromDom(index, 2));
    expect(decodeXmlText('&amp;lt;')).toBe('&lt;');
  });

  it('reads documents whose Wrs namespace is the default one or has another prefix', () => {
    for (const [p, decl] of [['', `xmlns="${WRS}"`], ['w:', `xmlns:w="${WRS}"`]]) {
      const text = `<${p}Wrs ${decl}>${header(p, 2)}<${p}Data><${p}R id="R1"><${p}C>1</${p}C><${p}C><${p}null/></${p}C></${p}R><${p}R id="R2"><${p}C>3</${p}C><${p}C>4</${p}C></${p}R></${p}Data></${p}Wrs>`;
      const { index } = kept(text);
      expect(fromText(index, 2)).withContext(p || 'default').toEqual([['1', null], ['3', '4']]);
    }
  });

  it('reads rows of another shape from the DOM: foreign elements, cells with attributes or markup, namespace declarations', () => {
    const text =
      `<wrs:Wrs xmlns:wrs="${WRS}" xmlns:x="urn:x">${header('wrs:', 3)}<wrs:Data>` +
      `<wrs:R id="R1"><x:C>foreign</x:C><wrs:C>1</wrs:C><wrs:C>2</wrs:C><wrs:C>3</wrs:C></wrs:R>` +
      `<wrs:R id="R2"><wrs:C a="1">attr</wrs:C><wrs:C >spaced tag</wrs:C><wrs:C>z</wrs:C ></wrs:R>` +
      `<wrs:R id="R3"><wrs:C>a<x:b>b</x:b>c</wrs:C><wrs:C> <wrs:null/> </wrs:C><wrs:C>ok</wrs:C></wrs:R>` +
      `<wrs:R id="R4" xmlns:wrs="urn:other"><wrs:C>not wrs</wrs:C></wrs:R>` +
      `<x:Row id="R5"><wrs:C>in a foreign row</wrs:C></x:Row>` +
      `<wrs:R id="R6"><wrs:C>after</wrs:C><wrs:C>all</wrs:C><wrs:C>that</wrs:C></wrs:R>` +
      `</wrs:Data></wrs:Wrs>`;
    const { index } = kept(text);
    const read = fromText(index, 3);
    expect(read).toEqual(fromDom(index, 3));
    expect(read![0]).toEqual(['1', '2', '3']);
    expect(read![5]).toEqual(['after', 'all', 'that']);
    expect(read![2]).toEqual(['abc', null, 'ok']);
  });

  it('finds the top-level wrs:Data after a header holding wrs:References with a wrs:Data of their own', () => {
    const refs = `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="r1"><wrs:C>DE</wrs:C></wrs:R></wrs:Data></wrs:Wrs></wrs:References>`;
    const text = `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="c1"><![CDATA[<wrs:Data>]]>${refs}</wrs:C></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>FR</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const { index } = kept(text);
    expect(fromText(index, 1)).toEqual([['FR']]);
  });

  it('reads a row holding a comment, CDATA or a processing instruction from the DOM, and steps over them between rows', () => {
    for (const inside of ['<!-- <wrs:R id="X"><wrs:C>no</wrs:C></wrs:R> -->', '<![CDATA[</wrs:C></wrs:R><wrs:R id="X">]]>', '<?pi </wrs:R> ?>']) {
      const text =
        `<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 2)}<wrs:Data>${inside}` +
        `<wrs:R id="R1"><wrs:C>a${inside}b</wrs:C><wrs:C>2</wrs:C></wrs:R>${inside}` +
        `<wrs:R id="R2">${inside}<wrs:C>c</wrs:C><wrs:C>${inside}</wrs:C></wrs:R>${inside}` +
        `<wrs:R id="R3"><wrs:C>e</wrs:C><wrs:C>f</wrs:C></wrs:R>${inside}</wrs:Data></wrs:Wrs>`;
      const { doc, index } = kept(text);
      const read = fromText(index, 2);
      expect(read).withContext(inside).toEqual(fromDom(index, 2));
      expect(read![2]).withContext(inside).toEqual(['e', 'f']);
      expect(sourceTextOf(doc)).toBe(text);
    }
  });

  it('gives the text up when it does not line up with the DOM (a row the DOM lost without the index knowing)', () => {
    const rows = Array.from({ length: 4 }, (_, r) => `<wrs:R id="R${r + 1}"><wrs:C>${r + 1}</wrs:C></wrs:R>`).join('');
    const text = `<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 1)}<wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
    const { doc, index } = kept(text);
    const reader = SourceCells.of(index)!;
    // A text kept for another document of the same rows but other ids: the id guard notices.
    const other = parseXml(text.replace('id="R3"', 'id="X3"'));
    keepSourceText(other, text);
    const otherIndex = WrsIndex.of(other);
    const out: (string | null)[] = [];
    expect(SourceCells.of(otherIndex)!.read(otherIndex.rows(), 0, 3, [1], [out])).toBeFalse();
    expect(sourceTextOf(other)).toBeNull();
    // Fewer rows in the index than in the text.
    expect(reader.read(index.rows().slice(0, 3), 0, 3, [1], [out])).toBeFalse();
    expect(sourceTextOf(doc)).toBeNull();
  });

  it('is dropped by a write into a cell of an M row, which renames no row', () => {
    const text = `<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 1)}<wrs:Data><wrs:M id="R1"><wrs:C>new</wrs:C><wrs:O>old</wrs:O></wrs:M></wrs:Data></wrs:Wrs>`;
    const { doc, index } = kept(text);
    setCellContent(cellAt(index.rows()[0], 1)!, 'newer');
    expect(sourceTextOf(doc)).toBeNull();
    expect(SourceCells.of(index)).toBeNull();
    expect(new ColumnValues(index).values(1)).toEqual(['newer']);
  });

  it('reads several columns of a row at once, and rows ahead of the first read', () => {
    const rows = Array.from({ length: 50 }, (_, r) => `<wrs:R id="R${r + 1}">${[1, 2, 3, 4].map((c) => `<wrs:C>${r + 1}.${c}</wrs:C>`).join('')}</wrs:R>`).join('');
    const { index } = kept(`<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 4)}<wrs:Data>${rows}</wrs:Data></wrs:Wrs>`);
    const a: (string | null)[] = [];
    const b: (string | null)[] = [];
    const reader = SourceCells.of(index)!;
    expect(reader.read(index.rows(), 30, 40, [4, 2], [a, b])).toBeTrue();
    expect(a[30]).toBe('31.4');
    expect(b[39]).toBe('40.2');
    expect(reader.read(index.rows(), 0, 50, [1], [a])).toBeTrue();
    expect(a[49]).toBe('50.1');
    const c: (string | null)[] = [];
    expect(reader.read(index.rows(), 10, 12, [3, 3, 1], [a, b, c])).toBeTrue();
    expect([a[11], b[11], c[11]]).toEqual(['12.3', '12.3', '12.1']);
  });
});

/** A Wrs just past SOURCE_TEXT_MIN_LENGTH: rows R1..Rn of three columns. */
function largeWrs(): string {
  const rows: string[] = [];
  let length = 0;
  for (let r = 1; length < SOURCE_TEXT_MIN_LENGTH; r++) {
    const row = `<wrs:R id="R${r}"><wrs:C>name ${r}</wrs:C><wrs:C>${r % 97}</wrs:C><wrs:C>${r % 2 ? 'DE' : 'FR'}</wrs:C></wrs:R>`;
    rows.push(row);
    length += row.length;
  }
  return `<wrs:Wrs xmlns:wrs="${WRS}">${header('wrs:', 3)}<wrs:Data>${rows.join('')}</wrs:Data></wrs:Wrs>`;
}

describe(`Source text of a large Wrs (${domName()})`, () => {
  const text = largeWrs();
  let registry: DataProviderRegistry;
  let util: WrsUtil;
  let model: StaticModel;
  let doc: Document;

  beforeEach(async () => {
    registry = new DataProviderRegistry();
    util = new WrsUtil({ registry });
    model = new StaticModel({ id: 'big', data: parseXml(text), registry });
    await model.fetchData();
    doc = model.getData()!;
  });

  it('is kept by parseXml for a Wrs of at least SOURCE_TEXT_MIN_LENGTH characters only', () => {
    expect(sourceTextOf(doc)).toBe(text);
    expect(sourceTextOf(parseXml(`<wrs:Wrs xmlns:wrs="${WRS}"/>`))).toBeNull();
    expect(sourceTextOf(parseXml(`<other>${'x'.repeat(SOURCE_TEXT_MIN_LENGTH)}</other>`))).toBeNull();
  });

  it('serves cold column reads with the values the DOM holds', () => {
    const values = new ColumnValues(WrsIndex.of(doc));
    const rows = WrsIndex.of(doc).rows();
    const name = values.values(1);
    const country = values.values(3);
    expect(sourceTextOf(doc)).toBe(text);
    for (const r of [0, 1, 777, rows.length - 1]) {
      expect(name[r]).toBe(cellValue(cellAt(rows[r], 1)!));
      expect(country[r]).toBe(cellValue(cellAt(rows[r], 3)!));
    }
  });

  it('survives a header-only change (a validation result), and a change set naming only it', () => {
    util.wrsValidation({ validationId: 'v', model, cellValidation: { func: (cell: Element) => (cell.textContent === 'never' ? { validationMessage: 'bad' } : null) } });
    const result = doc.getElementsByTagNameNS(WRS, 'ValidationResult')[0];
    expect(result).toBeDefined();
    model.noteChange([result]);
    model.fire();
    expect(sourceTextOf(doc)).toBe(text);
  });

  const edits: [string, () => void, (rows: readonly Element[]) => void][] = [
    ['setCellValue on an R row', () => util.setCellValue(model, 'R5', 'c1', 'edited'), (rows) => expect(cellValue(cellAt(rows[4], 1)!)).toBe('edited')],
    ['deleteRows', () => util.deleteRows({ model, rowStartPos: 2, rowEndPos: 3 }), (rows) => expect(rows[1].localName).toBe('D')],
    ['insertRow', () => util.insertRow({ model, rowStartPos: 1, rowEndPos: 1 }), (rows) => expect(rows[0].localName).toBe('I')],
    ['write() into a cell', () => model.write("/*/wrs:Data/*[@id='R9']/wrs:C[1]", 'written'), () => undefined],
    ['remove() of a cell', () => model.remove("/*/wrs:Data/*[@id='R9']/wrs:C[1]"), () => undefined],
    ['tblUpdate', () => model.tblUpdate({ values: { c3: 'IT' }, filter: { c2: '5' } }), () => undefined],
    ['fire() without a noted change (the app changed the DOM itself)', () => {
      cellAt(WrsIndex.of(doc).rowAt(1)!, 1)!.textContent = 'by hand';
      model.fire();
    }, () => undefined],
    ['WrsIndex.invalidate', () => WrsIndex.invalidate(doc), () => undefined],
  ];
  for (const [name, edit, check] of edits) {
    it(`is dropped by ${name}, and a later cold read sees the document as it is`, () => {
      edit();
      check(WrsIndex.of(doc).rows());
      expect(sourceTextOf(doc)).withContext(name).toBeNull();
      const index = WrsIndex.of(doc);
      const values = new ColumnValues(index);
      for (const pos of [1, 2, 3]) {
        const read = values.values(pos);
        index.rows().forEach((row, r) => {
          const cell = cellAt(row, pos);
          if (read[r] !== (cell ? cellValue(cell) : null)) fail(`${name}: row ${r + 1} column ${pos} read ${read[r]}`);
        });
      }
    });
  }
});
