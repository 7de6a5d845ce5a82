import { NS, WrsIndex, createRow, parseXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { GridRowView } from './grid-row-view';

function doc(): Document {
  return parseXml(
    wrsText(
      [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }],
      [['Anna', '3'], ['Bert', '5'], ['Cleo', '7'], ['Dora', '1'], ['Emil', '9']],
    ),
  );
}

function filterOf(xml: string): Element {
  return parseXml(`<f:Filter xmlns:f="${NS.f}">${xml}</f:Filter>`).documentElement!;
}

const ids = (rows: Element[]) => rows.map((r) => r.getAttribute('id'));

describe('GridRowView', () => {
  it('is the whole index in document order without filter, order or page', () => {
    const view = new GridRowView(WrsIndex.of(doc()));
    view.apply({});
    expect(view.isWhole).toBeTrue();
    expect(view.rowCount).toBe(5);
    expect(view.rowAt(4)!.getAttribute('id')).toBe('R5');
    expect(view.positionOf(view.rowAt(2)!)).toBe(2);
  });

  it('filters, sorts and pages, and maps positions both ways', () => {
    const view = new GridRowView(WrsIndex.of(doc()));
    view.apply({
      filter: filterOf('<f:Expression bRef="qty" op=">=" value="3"/>'),
      orderings: [{ colId: 'qty', descending: true }],
      page: { size: 2, number: 1 },
    });
    expect(view.matchedCount).toBe(4);
    expect(ids(view.matchedRows())).toEqual(['R5', 'R3', 'R2', 'R1']);
    expect(ids(view.rows())).toEqual(['R2', 'R1']);
    expect(view.positionOf(view.index.rowById('R1')!)).toBe(1);
    expect(view.positionOf(view.index.rowById('R5')!)).toBe(-1);
    expect(view.rowAt(2)).toBeNull();
  });

  it('shows the last page when asked for one past the end', () => {
    const view = new GridRowView(WrsIndex.of(doc()));
    view.apply({ page: { size: 2, number: 7 } });
    expect(view.pageNumber).toBe(2);
    expect(ids(view.rows())).toEqual(['R5']);
  });

  it('keeps an edited row that no longer passes the filter until the filter changes', () => {
    const d = doc();
    const view = new GridRowView(WrsIndex.of(d));
    const filter = filterOf('<f:Expression bRef="name" op="like" value="*e*" ic="true"/>');
    view.apply({ filter });
    expect(ids(view.rows())).toEqual(['R2', 'R3', 'R5']);
    view.index.rowById('R2')!.getElementsByTagNameNS(NS.wrs, 'C')[0].textContent = 'Bob';
    view.changed(['R2']);
    expect(ids(view.rows())).toEqual(['R2', 'R3', 'R5']);
    view.apply({ filter });
    expect(ids(view.rows())).toEqual(['R3', 'R5']);
  });

  it('places rows inserted at a view position there and removes rows that left the document', () => {
    const d = doc();
    const index = WrsIndex.of(d);
    const view = new GridRowView(index);
    view.apply({ orderings: [{ colId: 'qty' }] });
    expect(ids(view.rows())).toEqual(['R4', 'R1', 'R2', 'R3', 'R5']);
    const at = view.documentPositionFor(1);
    expect(at).toBe(0);
    const row = createRow(d, 'I', 'new1', ['Neo', '0']);
    index.data!.insertBefore(row, index.rowAt(at + 1));
    index.inserted(at, [row]);
    view.inserted(1, [row]);
    expect(ids(view.rows())).toEqual(['R4', 'new1', 'R1', 'R2', 'R3', 'R5']);
    const r2 = index.rowById('R2')!;
    r2.parentNode!.removeChild(r2);
    index.removed([r2]);
    view.changed(['R2']);
    expect(ids(view.rows())).toEqual(['R4', 'new1', 'R1', 'R3', 'R5']);
  });

  it('shows a new I row added by a change set (a duplicate, an undo) after its document predecessor', () => {
    const d = doc();
    const index = WrsIndex.of(d);
    const view = new GridRowView(index);
    view.apply({ filter: filterOf('<f:Expression bRef="qty" op="&gt;=" value="3"/>') });
    expect(ids(view.rows())).toEqual(['R1', 'R2', 'R3', 'R5']);
    const copy = createRow(d, 'I', 'I_1_R3', ['Cleo', '0']);
    index.data!.insertBefore(copy, index.rowById('R4'));
    index.inserted(3, [copy]);
    view.changed(['I_1_R3']);
    expect(ids(view.rows())).toEqual(['R1', 'R2', 'R3', 'I_1_R3', 'R5']);
    view.changed(['I_1_R3', 'R1']);
    expect(ids(view.rows())).toEqual(['R1', 'R2', 'R3', 'I_1_R3', 'R5']);
  });

  it('answers with the current element when an edit replaced a row (R -> M) before its change set', () => {
    const d = doc();
    const index = WrsIndex.of(d);
    const view = new GridRowView(index);
    view.apply({ orderings: [{ colId: 'name', descending: true }] });
    const old = view.rowAt(0)!;
    const replacement = createRow(d, 'M', old.getAttribute('id')!, ['Emma', '9']);
    old.parentNode!.replaceChild(replacement, old);
    index.replaced(old, replacement);
    expect(view.rowAt(0)).toBe(replacement);
  });

  it('hides rows kept from other server pages', () => {
    const view = new GridRowView(WrsIndex.of(doc()));
    view.apply({ hidden: new Set(['R2', 'R4']) });
    expect(ids(view.rows())).toEqual(['R1', 'R3', 'R5']);
  });
});
