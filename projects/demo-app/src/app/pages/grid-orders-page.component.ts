import { ChangeDetectionStrategy, Component, DestroyRef, afterNextRender, inject, signal, viewChild } from '@angular/core';
import { GridComponent, WrsUtilService } from 'ngx-wrs-grid';
import { orderIdFromServer } from './order-ids';
import { NS, StaticModel } from 'ngx-wrs-grid/core';

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}">
  <wrq:BindingSet>orders</wrq:BindingSet>
  <grid:SelectColumns>
    <grid:C bRef="id" width="80"/>
    <grid:C bRef="customer" width="200"/>
    <grid:Group caption="Order">
      <grid:C bRef="country" width="130"/>
      <grid:C bRef="status" width="120"/>
      <grid:C bRef="quantity" width="90"/>
      <grid:C bRef="price" width="100"/>
      <grid:C bRef="orderDate" width="120"/>
    </grid:Group>
    <grid:C bRef="createdAt" width="170"/>
  </grid:SelectColumns>
  <grid:OrderColumns><grid:C bRef="id" order="asc"/></grid:OrderColumns>
</grid:GridConfiguration>`;

/** The orders table of the reference server: edit, add, delete, paste, validate, save and reset. */
@Component({
  selector: 'app-grid-orders-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Orders (reference server)</h1>
    <p>Type to edit, Enter/Tab to commit, Escape to cancel; shift+arrows select, Ctrl+C/V copy and paste, Ctrl+Z/Y undo and redo.</p>
    <ui-grid id="ordersGrid" aria-label="Orders" [afterAddRow]="afterAddRow" data-test="orders-grid" [config]="config" [maxHeight]="420" />
    <p class="status">Grid status: <span data-test="grid-status">{{ status() }}</span></p>
  `,
  styles: `.status { color: #44506a; }`,
})
export class GridOrdersPageComponent {
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
