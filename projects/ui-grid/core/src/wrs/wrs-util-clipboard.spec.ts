import { DataProviderRegistry } from '../data-provider/data-provider';
import { serializeXml } from '../xml/dom';
import { domName, wrsText } from '../../testing/fixtures';
import { WrsUtil } from './wrs-util';
import { rejected, setup } from '../../testing/wrs-util-harness';

describe(`WrsUtil clipboard (${domName()})`, () => {
  it('copy writes the selected cells as tab-separated text and leaves the model unchanged', async () => {
    const { util, model, clipboard, doc } = setup();
    const before = serializeXml(doc);
    let called = false;
    await util.copy({ model, rowStartPos: 1, rowEndPos: 3, colStartPos: 2, colEndPos: 3, fn: () => (called = true) });
    expect(clipboard.text).toBe('3\tDE\r\n5\tFR\r\n7\t\r\n');
    expect(called).toBeTrue();
    await util.copy({ model, rowStartPos: 2 });
    expect(clipboard.text).toBe('Bert\r\n');
    expect(serializeXml(doc)).toBe(before);
  });

  it('copyAllRows2CSV writes RFC 4180 CSV with captions, guards formulas and leaves deleted rows out', async () => {
    const xml = wrsText([{ id: 'name' }, { id: 'note' }], [['=cmd()', 'a,b'], ['plain', 'say "x"'], ['gone', 'x']]);
    const { util, model, clipboard } = setup(xml);
    util.deleteRow(model, 'R3');
    await util.copyAllRows2CSV({ model });
    expect(clipboard.text).toBe(`NAME,NOTE\r\n'=cmd(),"a,b"\r\nplain,"say ""x"""\r\n`);
  });

  it('copyAllRows2CSV writes an empty field for wrs:null in an indented document, as copy does', async () => {
    const xml = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0">
      <wrs:Header><wrs:Columns><wrs:C pos="1" id="a" caption="A"/><wrs:C pos="2" id="b" caption="B"/></wrs:Columns></wrs:Header>
      <wrs:Data>
        <wrs:R id="R1">
          <wrs:C>x</wrs:C>
          <wrs:C>
            <wrs:null/>
          </wrs:C>
        </wrs:R>
      </wrs:Data>
    </wrs:Wrs>`;
    const { util, model, clipboard } = setup(xml);
    await util.copyAllRows2CSV({ model });
    expect(clipboard.text).toBe('A,B\r\nx,\r\n');
    await util.copy({ model, rowStartPos: 1, colStartPos: 1, colEndPos: 2 });
    expect(clipboard.text).toBe('x\t\r\n');
  });

  it('paste leaves a deleted row as it is: the line landing on it is not written, the next lines go to the next rows', async () => {
    const { util, model, shapes, fired } = setup();
    util.deleteRow(model, 'R2', true);
    fired.length = 0;
    await util.paste({ model, rowStartPos: 1, colStartPos: 2, text: '1\tIT\r\n2\tIT\r\n3\tIT\r\n4\tIT\r\n' });
    expect(shapes()).toEqual(['M R1 Anna|1|IT / Anna|3|DE', 'D R2 Bert|5|FR', 'M R3 Cleo|3|IT / Cleo|7|~', 'I I_1_R3 ~|4|IT']);
    expect(fired).toEqual([['R1', 'R3', 'I_1_R3']]);
  });

  it('paste overwrites from the start cell, appends I rows past the last row and cuts off past the last column', async () => {
    const { util, model, clipboard, shapes, fired } = setup();
    clipboard.text = 'Bea\t6\tIT\textra\r\n"multi\nline"\t8\r\nNew\t9\r\n';
    await util.paste({ model, rowStartPos: 2 });
    expect(shapes()).toEqual([
      'R R1 Anna|3|DE',
      'M R2 Bea|6|IT / Bert|5|FR',
      'M R3 multi\nline|8|~ / Cleo|7|~',
      'I I_1_R3 New|9|~',
    ]);
    expect(fired).toEqual([['R2', 'R3', 'I_1_R3']]);
  });

  it('paste from a column on, with empty cells as wrs:null, and given text instead of the clipboard', async () => {
    const { util, model, shapes } = setup();
    await util.paste({ model, rowStartPos: 1, colStartPos: 2, text: '4\t\r\n' });
    expect(shapes()[0]).toBe('M R1 Anna|4|~ / Anna|3|DE');
  });

  it('copy then paste in place changes nothing: an empty cell of a nullable="0" column pastes as the empty text, not wrs:null', async () => {
    const { util, model, shapes, fired } = setup(wrsText([{ id: 'name', nullable: '0' }, { id: 'note' }], [['', 'x'], ['y', null]]));
    const before = shapes();
    await util.copy({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
    await util.paste({ model, rowStartPos: 1, colStartPos: 1 });
    expect(shapes()).toEqual(before);
    await util.paste({ model, rowStartPos: 2, colStartPos: 1, text: '\t\r\n' });
    expect(shapes()[1]).toBe('M R2 |~ / y|~');
    await util.pasteAsNewRows({ model, rowStartPos: 1, colStartPos: 1, text: '\tz\r\n' });
    expect(shapes()[2]).toMatch(/^I \S+ \|z$/);
    expect(fired.at(-1)!.length).toBe(1);
  });

  it('an empty pasted field leaves an empty cell as it is: the empty text of a nullable column and wrs:null of a nullable="0" one', async () => {
    const { util, model, shapes, doc } = setup(wrsText([{ id: 'name', nullable: '0' }, { id: 'note' }], [[null, ''], ['y', 'z']]));
    const before = serializeXml(doc);
    await util.copy({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
    await util.paste({ model, rowStartPos: 1, colStartPos: 1 });
    expect(serializeXml(doc)).toBe(before);
    await util.paste({ model, rowStartPos: 2, colStartPos: 1, text: '\t\r\n' });
    expect(shapes()).toEqual(['R R1 ~|', 'M R2 |~ / y|z']);
  });

  it('paste of one value fills the whole selection', async () => {
    const { util, model, shapes } = setup();
    await util.paste({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 2, colEndPos: 2, text: '0' });
    expect(shapes()).toEqual(['M R1 Anna|0|DE / Anna|3|DE', 'M R2 Bert|0|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
  });

  it('pasteAsNewRows always appends new I rows with defaults around the pasted values', async () => {
    const { util, model, clipboard, shapes, fired } = setup();
    clipboard.text = '11\tIT\r\n12\tFR\r\n';
    await util.pasteAsNewRows({ model, rowStartPos: 1, colStartPos: 2 });
    expect(shapes().slice(3)).toEqual(['I I_1_R3_1 ~|11|IT', 'I I_1_R3_2 ~|12|FR']);
    expect(shapes().slice(0, 3)).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(fired.length).toBe(1);
  });

  it('paste raises INVALID_ARGUMENT for a range that ends before it starts, changing nothing', async () => {
    const { util, model, fired, doc } = setup();
    const before = serializeXml(doc);
    await rejected(util.paste({ model, rowStartPos: 2, rowEndPos: 1, text: 'x' }), 'INVALID_ARGUMENT');
    await rejected(util.paste({ model, rowStartPos: 1, colStartPos: 3, colEndPos: 2, text: 'x' }), 'INVALID_ARGUMENT');
    expect(serializeXml(doc)).toBe(before);
    expect(fired.length).toBe(0);
  });

  it('fires the change set of a bulk operation whose callback throws, and lets the error through', () => {
    const { util, model, fired, shapes } = setup();
    const failing = () => {
      throw new Error('callback failed');
    };
    expect(() => util.deleteRows({ model, rowStartPos: 1, rowEndPos: 2, fn: failing })).toThrowError('callback failed');
    expect(fired).toEqual([['R1', 'R2']]);
    expect(shapes().slice(0, 2)).toEqual(['D R1 Anna|3|DE', 'D R2 Bert|5|FR']);
  });

  it('raises CLIPBOARD when no clipboard is there and INVALID_ARGUMENT for a start outside the rows', async () => {
    const { model, util } = setup();
    const bare = new WrsUtil({ registry: new DataProviderRegistry(), clipboard: undefined });
    if (!(globalThis as { navigator?: { clipboard?: unknown } }).navigator?.clipboard) {
      await rejected(bare.copy({ model, rowStartPos: 1 }), 'CLIPBOARD');
    }
    await rejected(util.paste({ model, rowStartPos: 5, text: 'x' }), 'INVALID_ARGUMENT');
  });
});
