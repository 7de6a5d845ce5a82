import { WrsError } from '../../errors';
import { StaticModel } from '../../data-provider/static-model';
import { DataProviderRegistry } from '../../data-provider/data-provider';
import { parseXml } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import { domName } from '../../../testing/fixtures';
import { XSLT_PARAMS_NS, buildWrsRequest, requestChain } from './request-chain';

const config = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}" xmlns:xp="${XSLT_PARAMS_NS}">
  <wrq:BindingSet>orders</wrq:BindingSet>
  <xp:Paginate><xp:PageSize>50</xp:PageSize><xp:PageNumber>3</xp:PageNumber></xp:Paginate>
  <grid:SelectColumns>
    <grid:C bRef="id" isKey="true" isHidden="true"/>
    <grid:Group caption="Customer"><grid:C bRef="name" caption="Name"/><grid:Group caption="Where"><grid:C bRef="country"/></grid:Group></grid:Group>
    <grid:C bRef="qty" isReadOnly="true"/>
  </grid:SelectColumns>
  <grid:OrderColumns><grid:C bRef="name" order="desc"/><grid:C bRef="id"/></grid:OrderColumns>
</grid:GridConfiguration>`;
const status = `<guiStatus:Status xmlns:guiStatus="${NS.guiStatus}" xmlns:f="${NS.f}"><f:Filter><f:Expression bRef="country" op="=" value="DE"/></f:Filter></guiStatus:Status>`;

function els(doc: Document, ns: string, name: string): Element[] {
  return Array.from(doc.getElementsByTagNameNS(ns, name));
}

describe(`buildWrsRequest (${domName()})`, () => {
  it('turns a grid configuration and the status filter into a wrq:WrsRequest', () => {
    const request = buildWrsRequest(parseXml(config), { statusModel: parseXml(status) });
    const root = request.documentElement;
    expect(root.namespaceURI).toBe(NS.wrq);
    expect(root.localName).toBe('WrsRequest');
    const columns = els(request, NS.wrq, 'Columns')[0];
    const cs = Array.from(columns.childNodes) as Element[];
    expect(cs.map((c) => c.getAttribute('bRef'))).toEqual(['id', 'name', 'country', 'qty']);
    expect(cs[0].getAttribute('isKey')).toBe('true');
    expect(cs[1].getAttribute('caption')).toBe('Name');
    expect(cs[3].getAttribute('isReadOnly')).toBe('true');
    expect(els(request, NS.wrq, 'BindingSet')[0].textContent).toBe('orders');
    const expression = els(request, NS.f, 'Expression')[0];
    expect(expression.parentNode!.parentNode!.nodeName).toBe('wrq:Select');
    expect([expression.getAttribute('bRef'), expression.getAttribute('op'), expression.getAttribute('value')]).toEqual(['country', '=', 'DE']);
    const ordering = Array.from(els(request, NS.wrq, 'Ordering')[0].childNodes) as Element[];
    expect(ordering.map((c) => `${c.getAttribute('bRef')} ${c.getAttribute('order')}`)).toEqual(['name desc', 'id asc']);
    expect(els(request, NS.wrq, 'Select')[0].hasAttribute('rowStart')).toBeFalse();
  });

  it('asks for a column shown twice once, with the attributes of its first grid:C', () => {
    const twice = config.replace('<grid:C bRef="qty" isReadOnly="true"/>', '<grid:C bRef="qty" isReadOnly="true"/><grid:C bRef="name" caption="Again"/>');
    const request = buildWrsRequest(parseXml(twice));
    const columns = els(request, NS.wrq, 'Columns')[0];
    const asked = Array.from(columns.getElementsByTagNameNS(NS.wrq, 'C'));
    expect(asked.map((c) => c.getAttribute('bRef'))).toEqual(['id', 'name', 'country', 'qty']);
    expect(asked[1].getAttribute('caption')).toBe('Name');
  });

  it('takes the status filter from a provider and the page from xp:Paginate for server-side pagination', async () => {
    const registry = new DataProviderRegistry();
    const statusModel = await new StaticModel({ data: status, registry }).fetchData();
    const request = requestChain(parseXml(config), { statusModel, serverSidedPagination: 'true' });
    const select = els(request, NS.wrq, 'Select')[0];
    expect([select.getAttribute('rowStart'), select.getAttribute('rowEnd')]).toEqual(['101', '150']);
    expect(els(request, NS.f, 'Expression').length).toBe(1);
    const explicit = buildWrsRequest(parseXml(config), { rowStart: 1, rowEnd: 20, serverSidedPagination: true });
    expect(els(explicit, NS.wrq, 'Select')[0].getAttribute('rowEnd')).toBe('20');
  });

  it('leaves out an empty filter and refuses what is no grid configuration', () => {
    const empty = `<S xmlns:f="${NS.f}"><f:Filter/></S>`;
    expect(els(buildWrsRequest(parseXml(config), { statusModel: parseXml(empty) }), NS.f, 'Filter').length).toBe(0);
    for (const bad of ['<x/>', `<grid:GridConfiguration xmlns:grid="${NS.grid}"/>`, `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>b</wrq:BindingSet><grid:SelectColumns/></grid:GridConfiguration>`]) {
      expect(() => buildWrsRequest(parseXml(bad))).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
    }
  });
});
