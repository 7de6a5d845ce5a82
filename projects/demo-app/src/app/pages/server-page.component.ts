import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal } from '@angular/core';
import { NS, WrsIndex, WrsRequestModel, cellValue, cellsOf, cloneDocument, rowState, xmlBody } from 'ngx-wrs-grid/core';
import { GRID_MESSAGES, WRS_BACKEND, saveFailureMessage } from 'ngx-wrs-grid';
import { Subscription } from 'rxjs';

interface ShownRow {
  id: string;
  state: string;
  cells: (string | null)[];
}

const COLUMNS = ['id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate'];

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Orders from the reference server: load with a filter, edit a cell with provider.write, save through the backend, reload. */
@Component({
  selector: 'app-server-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Orders from the Wrs server</h1>
    <p class="controls">
      <label>Country <input data-test="country" [value]="country()" (input)="country.set(value($event))" size="3" /></label>
      <label>Customer like <input data-test="customer-filter" [value]="customerLike()" (input)="customerLike.set(value($event))" placeholder="acme*" /></label>
      <button type="button" data-test="load" (click)="load()">Load (first 50 rows)</button>
    </p>
    <p class="controls">
      <label>Row <input data-test="edit-row" [value]="editRow()" (input)="editRow.set(value($event))" size="6" /></label>
      <label>Column
        <select data-test="edit-column" (change)="editColumn.set(value($event))">
          @for (c of columns; track c) {
            <option [value]="c" [selected]="c === editColumn()">{{ c }}</option>
          }
        </select>
      </label>
      <label>Value <input data-test="edit-value" [value]="editValue()" (input)="editValue.set(value($event))" /></label>
      <button type="button" data-test="write" (click)="write()">Write cell</button>
      <button type="button" data-test="save" (click)="save()">Save</button>
    </p>
    <p data-test="status">{{ status() }}</p>
    @if (error()) {
      <p class="error" data-test="error">{{ error() }}</p>
    }
    <table data-test="orders">
      <thead>
        <tr><th>row</th><th>state</th>@for (c of columns; track c) {<th>{{ c }}</th>}</tr>
      </thead>
      <tbody>
        @for (r of rows(); track r.id) {
          <tr [attr.data-row]="r.id">
            <td>{{ r.id }}</td><td data-test="state">{{ r.state }}</td>
            @for (v of r.cells; track $index) {
              <td [attr.data-col]="columns[$index]">{{ v ?? '' }}</td>
            }
          </tr>
        }
      </tbody>
    </table>
  `,
  styles: `
    .controls { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; }
    table { border-collapse: collapse; background: #fff; }
    td, th { border: 1px solid #d5d9e0; padding: 0.2rem 0.5rem; font-size: 0.85rem; }
    .error { color: #a3122a; }
  `,
})
export class ServerPageComponent {
  protected readonly columns = COLUMNS;
  protected readonly country = signal('DE');
  protected readonly customerLike = signal('');
  protected readonly editRow = signal('R1');
  protected readonly editColumn = signal('customer');
  protected readonly editValue = signal('');
  protected readonly status = signal('Not loaded');
  protected readonly error = signal('');
  protected readonly rows = signal<ShownRow[]>([]);
  private readonly backend = inject(WRS_BACKEND);
  private readonly messages = inject(GRID_MESSAGES);
  private model: WrsRequestModel | null = null;
  private subscription?: Subscription;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.subscription?.unsubscribe());
  }

  protected value(event: Event): string {
    return (event.target as HTMLInputElement).value;
  }

  private request(): string {
    const filters = [];
    if (this.country()) filters.push(`<f:Expression bRef="country" op="=" value="${attr(this.country())}"/>`);
    if (this.customerLike()) filters.push(`<f:Expression bRef="customer" op="like" ic="true" value="${attr(this.customerLike())}"/>`);
    return (
      `<wrq:WrsRequest xmlns:wrq="${NS.wrq}" xmlns:f="${NS.f}"><wrq:Select rowStart="1" rowEnd="50"><wrq:Columns>` +
      COLUMNS.map((c) => `<wrq:C bRef="${c}"/>`).join('') +
      `</wrq:Columns><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From><f:Filter>${filters.join('')}</f:Filter>` +
      '<wrq:Ordering><wrq:C bRef="id"/></wrq:Ordering></wrq:Select></wrq:WrsRequest>'
    );
  }

  load(): void {
    this.subscription?.unsubscribe();
    this.error.set('');
    const model = new WrsRequestModel({ requestDocument: this.request(), backend: this.backend });
    this.model = model;
    this.subscription = model.status$.subscribe((s) => {
      this.status.set(s.toString());
      if (s.isFailure) this.error.set(s.reason ?? '');
      if (model.isReady()) this.show();
    });
    this.subscription.add(model.changes$.subscribe(() => this.show()));
    void model.execute();
  }

  write(): void {
    const model = this.model;
    if (!model?.isReady()) return;
    const pos = COLUMNS.indexOf(this.editColumn()) + 1;
    this.error.set('');
    // A row that is not there is said so: write() would try to create it and cannot (the step names no row kind).
    if (!model.wrsIndex().rowById(this.editRow())) {
      this.error.set(`No row ${this.editRow()}`);
      return;
    }
    try {
      model.write(`/*/wrs:Data/*[@id='{{=it.row}}']/wrs:C[${pos}]`, { row: this.editRow() }, this.editValue(), true);
    } catch (e) {
      this.error.set(e instanceof Error ? e.message : String(e));
    }
  }

  async save(): Promise<void> {
    const model = this.model;
    const doc = model?.getData();
    if (!model || !doc) return;
    // Only I, M and D rows travel (design.md 5); the changes stay in the model until the server committed them.
    const payload = cloneDocument(doc);
    for (const row of WrsIndex.of(payload).rows().filter((r) => rowState(r) === 'R')) row.parentNode!.removeChild(row);
    this.status.set('Saving');
    this.error.set('');
    try {
      await this.backend.save(xmlBody(payload));
      this.status.set('Saved');
      await model.execute(true);
    } catch (e) {
      // The grid's wording by kind (a 504 of a proxy: the changes may have been saved, load again first), in the
      // language of the app's GRID_MESSAGES; the error's own message stays below for the developer.
      this.status.set(saveFailureMessage(e, null, this.messages));
      this.error.set(e instanceof Error ? e.message : String(e));
    }
  }

  private show(): void {
    const doc = this.model?.getData();
    if (!doc) return;
    this.rows.set(WrsIndex.of(doc).rows().map((r) => ({ id: r.getAttribute('id') ?? '', state: rowState(r), cells: cellsOf(r).map(cellValue) })));
  }
}
