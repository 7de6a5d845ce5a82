import { domName, wrsText } from '../../../testing/fixtures';
import { RowStore } from '../../rows/row-store';
import { parseXml, serializeXml } from '../../xml/dom';
import { storeTooltip, tooltipChain } from './tooltip-chain';

const wrs = wrsText([{ id: 'name' }, { id: 'qty', type: 'INTEGER' }], [['Anna', '3'], ['<b>x</b>', '5']])
  .replace('id="qty" caption="QTY"', 'id="qty" caption="QTY" description="Ordered pieces"')
  .replace('<wrs:R id="R1"><wrs:C>Anna</wrs:C><wrs:C>3</wrs:C></wrs:R>', '<wrs:M id="R1"><wrs:C>Anna</wrs:C><wrs:O>Anna</wrs:O><wrs:C>4</wrs:C><wrs:O>3</wrs:O></wrs:M>')
  .replace('<wrs:Columns>', `<wrs:ValidationResult><wrs:Wrs uiValidationId="v"><wrs:Data><wrs:R id="e1"><wrs:C>R1</wrs:C><wrs:C>qty</wrs:C><wrs:C>too many</wrs:C></wrs:R></wrs:Data></wrs:Wrs></wrs:ValidationResult><wrs:Columns>`)
  .replace('<b>x</b>', '&lt;b&gt;x&lt;/b&gt;');

function lines(doc: Document): Record<string, string> {
  const out: Record<string, string> = {};
  for (const div of Array.from(doc.documentElement.childNodes) as Element[]) out[div.getAttribute('class')!] = div.textContent!;
  return out;
}

describe(`tooltipChain (${domName()})`, () => {
  it('shows caption, description, value, validation message and the original value of a modified cell', () => {
    const tip = tooltipChain(parseXml(wrs), { rowId: 'R1', colId: 'qty' });
    expect(tip.documentElement.getAttribute('class')).toBe('ui-grid-tooltip');
    expect(lines(tip)).toEqual({ caption: 'QTY', description: 'Ordered pieces', value: '4', validation: 'too many', original: '3' });
  });

  it('keeps cell text as text and is empty for a missing cell', () => {
    const tip = tooltipChain(parseXml(wrs), { rowId: 'R2', colId: 'name' });
    expect(lines(tip)['value']).toBe('<b>x</b>');
    expect(tip.getElementsByTagName('b').length).toBe(0);
    expect(tooltipChain(parseXml(wrs), { rowId: 'R9', colId: 'name' }).documentElement.childNodes.length).toBe(0);
  });

  it('reads the row from a row store without building it, as from the document', () => {
    // Row 3 holds one cell only: its second column has no cell, as row R9 has none.
    const text = wrs.replace('</wrs:Data>', '<wrs:R id="R3"><wrs:C>short</wrs:C></wrs:R></wrs:Data>');
    for (const [rowId, colId] of [['R1', 'qty'], ['R1', 'name'], ['R2', 'name'], ['R3', 'qty'], ['R9', 'name']]) {
      const store = RowStore.open(text)!;
      const tip = storeTooltip(store, { rowId, colId });
      expect(store.materialized).toBeFalse();
      expect(serializeXml(tip)).withContext(`${rowId} ${colId}`).toBe(serializeXml(tooltipChain(parseXml(text), { rowId, colId })));
    }
  });
});
