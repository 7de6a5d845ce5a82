import { ChangeDetectionStrategy, Component, DestroyRef, afterNextRender, inject, signal, viewChild } from '@angular/core';
import { GridComponent, WrsUtilService } from 'ngx-wrs-grid';
import { orderIdFromServer } from './order-ids';
import { NS, StaticModel } from 'ngx-wrs-grid/core';

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}">
  <wrq:BindingSet>orders</wrq:BindingSet>
  <grid:SelectColumns>
    <grid:C bRef="id" width="80"/>
    <grid:C bRef="customer" width="200"/>
    <grid:C bRef="country" width="130"/>
    <grid:C bRef="status" width="120"/>
    <grid:C bRef="quantity" width="90"/>
    <grid:C bRef="price" width="100"/>
    <grid:C bRef="orderDate" width="120"/>
  </grid:SelectColumns>
  <grid:OrderColumns><grid:C bRef="id" order="asc"/></grid:OrderColumns>
</grid:GridConfiguration>`;

/**
 * Server-side pages over the 10,000 orders of the reference server: each page is a `rowStart`/`rowEnd` request with a
 * total row count beside it; column filters and header sorting go into the request as `f:Filter` and `wrq:Ordering`.
 */
@Component({
  selector: 'app-grid-features-server-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Grid features: server-side pages (reference server)</h1>
    <p>Edits on a page stay pending when you turn the page and are saved together.</p>
    <ui-grid id="serverOrders" aria-label="Orders" [afterAddRow]="afterAddRow" data-test="server-grid" [config]="config" [serverSidedPagination]="true" [paginationSize]="25"
      [columnFilters]="true" [contextMenu]="true" exportFileName="orders-page" [maxHeight]="460" />
    <p class="status">Grid status: <span data-test="grid-status">{{ status() }}</span></p>
  `,
  styles: `.status { color: #44506a; }`,
})
export class GridFeaturesServerPageComponent {
  protected readonly config = new StaticModel({ data: CONFIG });
  protected readonly status = signal('');
  private readonly grid = viewChild.required(GridComponent);
  private readonly wrsUtil = inject(WrsUtilService);

  /** A new order gets its id from the server's `orders` identifier scope. */
  protected readonly afterAddRow = orderIdFromServer(this.wrsUtil, () => this.grid(), (message) => this.status.set(message));

  constructor() {
    const destroyRef = inject(DestroyRef);
    afterNextRender(() => {
      const subscription = this.grid().status$.subscribe((s) => this.status.set(s.toString()));
      destroyRef.onDestroy(() => subscription.unsubscribe());
    });
  }
}
