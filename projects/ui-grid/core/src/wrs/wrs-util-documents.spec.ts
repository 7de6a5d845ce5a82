import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { setup } from '../../testing/wrs-util-harness';

function threw(fn: () => unknown, code: string): boolean {
  try {
    fn();
  } catch (e) {
    return e instanceof WrsError && e.code === code;
  }
  return false;
}

describe(`WrsUtil documents (${domName()})`, () => {
  it('applyScale rounds half away from zero per column scale, leaving originals and deleted rows alone', () => {
    const xml = wrsText(
      [{ id: 'p', type: 'DECIMAL', scale: 2 }, { id: 'q', type: 'DECIMAL', scale: 0 }, { id: 't' }],
      [['1.005', '-2.5', 'x'], ['-1.005', '2.4', 'y'], ['3.1', 'abc', 'z'], ['9.999', '0.5', 'w']],
    );
    const { util, model } = setup(xml);
    util.setCellValue(model, 'R3', 'p', '7.777');
    util.deleteRow(model, 'R4');
    expect(util.applyScale(model.getData()!)).toBe(model.getData()!);
    expect(rowShapes(model.getData()!)).toEqual([
      'R R1 1.01|-3|x',
      'R R2 -1.01|2|y',
      'M R3 7.78|abc|z / 3.1|abc|z',
      'D R4 9.999|0.5|w',
    ]);
  });

  it('applyScale leaves a column with an empty or odd @scale alone and rounds huge exponents without failing', () => {
    const xml = wrsText([{ id: 'p', type: 'DECIMAL', scale: 2 }, { id: 'q', type: 'DECIMAL' }, { id: 'r', type: 'DECIMAL' }], [
      ['1.555', '1.555', '1.555'],
      ['1e-999999999', '1.555', '1.555'],
      ['-2.5e999999999', '2.5', '2.5'],
      ['1.23456e2', '0', '0'],
    ]).replace('<wrs:C pos="2" id="q"', '<wrs:C pos="2" id="q" scale=""').replace('<wrs:C pos="3" id="r"', '<wrs:C pos="3" id="r" scale="1.5"');
    const { util, model } = setup(xml);
    util.applyScale(model.getData()!);
    expect(rowShapes(model.getData()!)).toEqual(['R R1 1.56|1.555|1.555', 'R R2 0.00|1.555|1.555', 'R R3 -2.5e999999999|2.5|2.5', 'R R4 123.46|0|0']);
  });

  it('generateWrsHeaderMeta maps column ids to their attributes as strings', () => {
    const { util, doc } = setup();
    const meta = util.generateWrsHeaderMeta(doc);
    expect(Object.keys(meta)).toEqual(['name', 'qty', 'country']);
    expect(meta['qty']).toEqual({ pos: '2', id: 'qty', caption: 'QTY', 'type-name': 'INTEGER', nullable: '0' });
  });

  it('deleteColumns drops header columns, cells and originals and renumbers the positions', () => {
    const { util, model, doc } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.deleteColumns(doc.documentElement, ['name']);
    expect(rowShapes(doc)).toEqual(['M R1 4|DE / 3|DE', 'R R2 5|FR', 'R R3 7|~']);
    expect(util.getColPosById(model, 'country')).toBe(2);
    expect(doc.documentElement.getElementsByTagNameNS('*', 'Columns')[0].getElementsByTagNameNS('*', 'C')[0].getAttribute('pos')).toBe('1');
    expect(threw(() => util.deleteColumns(doc, ['nope']), 'UNKNOWN_COLUMN')).toBeTrue();
    expect(util.getCellValue(model, 'R2', 'country')).toBe('FR');
  });

  it('read and write work on any document, write Wrs-aware', () => {
    const { util } = setup();
    const doc = parseXml(ordersWrs());
    expect(util.read(doc, "/*/wrs:Data/*[@id='{{=it.r}}']/wrs:C[1]", { r: 'R2' })).toBe('Bert');
    expect(util.read(doc, '/*/wrs:Data/*[@id="R9"]/wrs:C[1]', undefined, 'none')).toBe('none');
    util.write(doc, "/*/wrs:Data/*[@id='R1']/wrs:C[2]", undefined, '30');
    expect(rowShapes(doc)[0]).toBe('M R1 Anna|30|DE / Anna|3|DE');
  });

  it('read and write find a row by an id whose placeholder value holds both quote kinds inside a literal', () => {
    const { util } = setup();
    const doc = parseXml(ordersWrs().replace('id="R2"', 'id="I_1\'2&quot;3"'));
    const id = `1'2"3`;
    expect(util.read(doc, "/*/wrs:Data/*[@id='I_{{=it.v}}']/wrs:C[1]", { v: id })).toBe('Bert');
    expect(util.read(doc, '/*/wrs:Data/*[@id="I_{{=it.v}}"]/wrs:C[1]', { v: id })).toBe('Bert');
    util.write(doc, "/*/wrs:Data/*[@id='I_{{=it.v}}']/wrs:C[2]", { v: id }, '50');
    expect(rowShapes(doc)[1]).toBe(`M I_${id} Bert|50|FR / Bert|5|FR`);
  });

  it('transposeGrouping turns the innermost dimension into columns v.c with captions v|caption', () => {
    const xml = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns>
      <wrs:C pos="1" id="country" dimId="country" caption="Country"/><wrs:C pos="2" id="year" dimId="year" caption="Year"/>
      <wrs:C pos="3" id="sales" valueId="sales" caption="Sales"/><wrs:C pos="4" id="cost" valueId="cost" caption="Cost"/>
      </wrs:Columns></wrs:Header><wrs:Data>
      <wrs:R id="1"><wrs:C>DE</wrs:C><wrs:C>2023</wrs:C><wrs:C>10</wrs:C><wrs:C>1</wrs:C></wrs:R>
      <wrs:R id="2"><wrs:C>DE</wrs:C><wrs:C>2024</wrs:C><wrs:C>20</wrs:C><wrs:C>2</wrs:C></wrs:R>
      <wrs:R id="3"><wrs:C>FR</wrs:C><wrs:C>2024</wrs:C><wrs:C>30</wrs:C><wrs:C>3</wrs:C></wrs:R>
      </wrs:Data></wrs:Wrs>`;
    const { util } = setup(xml);
    const result = util.transposeGrouping('orders');
    const meta = util.generateWrsHeaderMeta(result);
    expect(Object.keys(meta)).toEqual(['country', '2023.sales', '2023.cost', '2024.sales', '2024.cost']);
    expect(meta['2024.cost']['caption']).toBe('2024|Cost');
    expect(meta['2024.cost']['pos']).toBe('5');
    expect(meta['country']['caption']).toBe('Country|Country');
    expect(rowShapes(result)).toEqual(['R R1 DE|10|1|20|2', 'R R2 FR|||30|3']);
  });

  it('transposeGrouping raises INVALID_ARGUMENT without a dimension column', () => {
    const { util } = setup();
    expect(threw(() => util.transposeGrouping('orders'), 'INVALID_ARGUMENT')).toBeTrue();
  });
});
