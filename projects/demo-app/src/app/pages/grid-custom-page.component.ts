import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { AfterAddRowArgs, GridComponent, IsReadOnlyCell } from 'ngx-wrs-grid';
import { NS, SimpleModel } from 'ngx-wrs-grid/core';

/** A grid with a custom `isReadOnlyCell` (orders from Italy are locked) and an `afterAddRow` that pre-fills new rows. */
@Component({
  selector: 'app-grid-custom-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Custom read-only cells and afterAddRow</h1>
    <p>Rows with country IT are read-only. "Add row" gives the next order number and fills the customer and the date of today.</p>
    <ui-grid data-test="custom-grid" aria-label="Custom rendering" [inputModel]="model" [isReadOnlyCell]="isReadOnlyCell" [afterAddRow]="afterAddRow" [customSave]="customSave" />
    <p data-test="added">{{ added() }}</p>
  `,
})
export class GridCustomPageComponent {
  protected readonly model = new SimpleModel({ url: 'data/orders-sample.xml' });
  protected readonly added = signal('');

  protected readonly isReadOnlyCell: IsReadOnlyCell = (grid, _meta, rowId) => grid.read(`/*/wrs:Data/*[@id='{{=it.id}}']/wrs:C[3]`, { id: rowId }) === 'IT';

  protected readonly afterAddRow = ({ rowNode, headerMeta }: AfterAddRowArgs): void => {
    const cells = rowNode.getElementsByTagNameNS(NS.wrs, 'C');
    const set = (colId: string, value: string) => {
      const cell = cells[Number(headerMeta[colId]['pos']) - 1];
      cell.replaceChildren(cell.ownerDocument.createTextNode(value));
    };
    // The key: one more than the highest order number in the page (the sample has no identifier servlet behind it).
    const keyPos = Number(headerMeta['order_id']['pos']);
    let highest = 0;
    for (let row = rowNode.parentNode?.firstChild ?? null; row; row = row.nextSibling) {
      if (row === rowNode || row.nodeType !== 1) continue;
      const key = Number((row as Element).getElementsByTagNameNS(NS.wrs, 'C')[keyPos - 1]?.textContent);
      if (Number.isInteger(key)) highest = Math.max(highest, key);
    }
    set('order_id', String(highest + 1));
    set('customer', 'New customer');
    set('order_date', new Date().toISOString().slice(0, 10));
    this.added.set(`afterAddRow filled row ${rowNode.getAttribute('id')}: order ${highest + 1}`);
  };

  /** The sample file has no server behind it: saving keeps the changes in the page, and says so. */
  protected readonly customSave = (): void => {
    this.added.set(`Saved in the page at ${new Date().toLocaleTimeString()}`);
  };
}
