import { ChangeDetectionStrategy, Component, Directive, inject, signal, viewChild } from '@angular/core';
import { AfterAddRowArgs, CustomSaveArgs, GRID_MESSAGES, GRID_MESSAGES_DE, GRID_MESSAGES_EN, GridComponent, GridMessageTable, I18N_PREFIX, WrsUtilService } from 'ngx-wrs-grid';
import { NS, StaticModel } from 'ngx-wrs-grid/core';

const CATEGORIES = [
  ['TOOLS', 'Tools'],
  ['GARDEN', 'Garden'],
  ['KITCHEN', 'Kitchen'],
  ['TOYS', 'Toys'],
] as const;

/** Product rows generated in the page (never shipped as a file). */
function productsWrs(rows: number): string {
  const refs = `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${CATEGORIES.map(
    ([id, caption], k) => `<wrs:R id="c${k}"><wrs:C>${id}</wrs:C><wrs:C>${caption}</wrs:C></wrs:R>`,
  ).join('')}</wrs:Data></wrs:Wrs></wrs:References>`;
  const parts = [
    `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns>`,
    `<wrs:C pos="1" id="id" caption="Id" type-name="INTEGER" nullable="0" isKey="true"/>`,
    `<wrs:C pos="2" id="product" caption="${I18N_PREFIX}col.product" type-name="VARCHAR" nullable="0" description="Name shown in the shop"/>`,
    `<wrs:C pos="3" id="category" caption="${I18N_PREFIX}col.category" type-name="VARCHAR" nullable="0">${refs}</wrs:C>`,
    `<wrs:C pos="4" id="price" caption="${I18N_PREFIX}col.price" type-name="DECIMAL" scale="2"/>`,
    `<wrs:C pos="5" id="stock" caption="${I18N_PREFIX}col.stock" type-name="INTEGER" nullable="0"/>`,
    `<wrs:C pos="6" id="rating" caption="${I18N_PREFIX}col.rating" type-name="INTEGER"/>`,
    `<wrs:C pos="7" id="released" caption="${I18N_PREFIX}col.released" type-name="DATE"/>`,
    `<wrs:C pos="8" id="site" caption="Web" type-name="VARCHAR"/>`,
    '</wrs:Columns></wrs:Header><wrs:Data>',
  ];
  for (let r = 1; r <= rows; r++) {
    const [category] = CATEGORIES[r % CATEGORIES.length];
    parts.push(
      `<wrs:R id="R${r}"><wrs:C>${r}</wrs:C><wrs:C>Product ${String(r).padStart(4, '0')}</wrs:C><wrs:C>${category}</wrs:C>` +
        `<wrs:C>${(((r * 37) % 9000) / 100 + 1).toFixed(2)}</wrs:C><wrs:C>${(r * 13) % 200}</wrs:C><wrs:C>${(r * 29) % 101}</wrs:C>` +
        `<wrs:C>2026-${String((r % 12) + 1).padStart(2, '0')}-${String((r % 28) + 1).padStart(2, '0')}</wrs:C>` +
        `<wrs:C>https://example.com/p/${r}</wrs:C></wrs:R>`,
    );
  }
  parts.push('</wrs:Data></wrs:Wrs>');
  return parts.join('');
}

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}">
  <wrq:BindingSet>products</wrq:BindingSet>
  <grid:SelectColumns>
    <grid:C bRef="id" width="70" isReadOnly="true"/>
    <grid:C bRef="product" width="170"/>
    <grid:C bRef="category" width="120"/>
    <grid:Group caption="${I18N_PREFIX}group.stock">
      <grid:C bRef="price" width="100"/>
      <grid:C bRef="stock" width="90"/>
      <grid:C bRef="rating" width="130"><grid:Renderer type="bar"/></grid:C>
    </grid:Group>
    <grid:C bRef="released" width="120"/>
    <grid:C bRef="site" width="220"><grid:Renderer type="link"/></grid:C>
  </grid:SelectColumns>
  <grid:OrderColumns><grid:C bRef="id" order="asc"/></grid:OrderColumns>
</grid:GridConfiguration>`;

const CAPTIONS_EN = { 'col.product': 'Product', 'col.category': 'Category', 'col.price': 'Price', 'col.stock': 'Stock', 'col.rating': 'Rating %', 'col.released': 'Released', 'group.stock': 'Stock and price' };
const CAPTIONS_DE = { 'col.product': 'Produkt', 'col.category': 'Kategorie', 'col.price': 'Preis', 'col.stock': 'Bestand', 'col.rating': 'Bewertung %', 'col.released': 'Erschienen', 'group.stock': 'Bestand und Preis' };

/** English texts plus the page's caption keys for the grid below it. */
@Directive({ selector: '[appMessagesEn]', providers: [{ provide: GRID_MESSAGES, useValue: { ...GRID_MESSAGES_EN, ...CAPTIONS_EN } satisfies GridMessageTable }] })
export class MessagesEnDirective {}

/** German texts plus the page's caption keys for the grid below it. */
@Directive({ selector: '[appMessagesDe]', providers: [{ provide: GRID_MESSAGES, useValue: { ...GRID_MESSAGES_DE, ...CAPTIONS_DE } satisfies GridMessageTable }] })
export class MessagesDeDirective {}

/**
 * Grid features on client data: column filters kept in the status model, header sorting, pages with show-all, the
 * context menu, export, tooltips, renderers, English/German texts (German numbers and dates) and a dark theme.
 */
@Component({
  selector: 'app-grid-features-client-page',
  imports: [GridComponent, MessagesEnDirective, MessagesDeDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { '[class.ui-grid-theme-dark]': 'dark()', '[class.dark-page]': 'dark()' },
  template: `
    <h1>Grid features (client data, 1,000 products)</h1>
    <p class="controls">
      <label><input type="checkbox" data-test="german" [checked]="german()" (change)="german.set(!german())" /> Deutsch</label>
      <label><input type="checkbox" data-test="dark" [checked]="dark()" (change)="dark.set(!dark())" /> Dark theme</label>
      <label><input type="checkbox" data-test="row-headers" [checked]="rowHeaders()" (change)="rowHeaders.set(!rowHeaders())" /> Row headers</label>
      <span>Filter row: text = contains, <code>=text</code> = equals, numbers and dates <code>from..to</code>. Shift+click a header adds a sort key. Right click or Shift+F10 opens the cell menu.</span>
      <span>Columns: drag a header's edge to resize (double click: fit), drag a header to move it, "Columns" hides and shows; on a focused header Alt+arrows resize, Alt+Shift+arrows move, Shift+F10 opens its menu.</span>
      <button type="button" data-test="reset-columns" (click)="grid()?.resetColumns()">Reset columns</button>
    </p>
    @if (german()) {
      <div appMessagesDe>
        <ui-grid id="products" data-test="features-grid" aria-label="Products" locale="de-DE" [inputModel]="data" [config]="config" [columnFilters]="true" [contextMenu]="true"
          [paginationSize]="50" [paginationAllPages]="true" exportFileName="products" [maxHeight]="460" [rowHeaders]="rowHeaders()"
          [afterAddRow]="afterAddRow" [customSave]="saveHere" />
      </div>
    } @else {
      <div appMessagesEn>
        <ui-grid id="products" data-test="features-grid" aria-label="Products" [inputModel]="data" [config]="config" [columnFilters]="true" [contextMenu]="true"
          [paginationSize]="50" [paginationAllPages]="true" exportFileName="products" [maxHeight]="460" [rowHeaders]="rowHeaders()"
          [afterAddRow]="afterAddRow" [customSave]="saveHere" />
      </div>
    }
    @if (saved()) {
      <p class="saved" data-test="saved">{{ saved() }}</p>
    }
  `,
  styles: `
    :host { display: block; padding: 0.5rem; }
    :host(.dark-page) { background: #10141c; color: #e3e8f2; }
    .saved { font-size: 0.9rem; }
    .controls { display: flex; gap: 1.2rem; flex-wrap: wrap; align-items: center; font-size: 0.9rem; }
  `,
})
export class GridFeaturesClientPageComponent {
  protected readonly data = new StaticModel({ data: productsWrs(1000) });
  protected readonly config = new StaticModel({ data: CONFIG });
  protected readonly german = signal(false);
  protected readonly dark = signal(false);
  protected readonly rowHeaders = signal(false);
  protected readonly saved = signal('');
  private readonly wrsUtil = inject(WrsUtilService);
  protected readonly grid = viewChild(GridComponent);
  private lastId = 0;
  /** Ids given to rows added in the current operation, written together once it is done. */
  private pendingIds: [rowId: string, id: string][] = [];

  /** Client data has no identifier server: a new product gets the next id after the largest one. */
  protected readonly afterAddRow = ({ rowNode }: AfterAddRowArgs): void => {
    if (this.lastId === 0) for (const row of this.data.tblSelect({ columns: ['id'] })) this.lastId = Math.max(this.lastId, Number(row['id']) || 0);
    if (this.pendingIds.length === 0) {
      // After the add's own change set, as an id from a server would come: undoing the add removes the row, id
      // included. One change set for all rows of the add: a change set per row made a paste of 20,000 new rows
      // take minutes (each one repaints and stores the validation result again).
      queueMicrotask(() => {
        const grid = this.grid();
        const pending = this.pendingIds;
        this.pendingIds = [];
        let changed = false;
        for (const [rowId, id] of pending) if (grid && this.wrsUtil.setCellValue(grid, rowId, 'id', id)) changed = true;
        if (grid && changed) grid.fire();
      });
    }
    this.pendingIds.push([rowNode.getAttribute('id') ?? '', String(++this.lastId)]);
  };

  /** There is no server behind this page: a save shows what would be sent, and the grid keeps it as saved. */
  protected readonly saveHere = ({ wrs }: CustomSaveArgs): void => {
    const count = (state: string) => wrs.getElementsByTagNameNS(NS.wrs, state).length;
    this.saved.set(`Saved here (no server): ${count('I')} inserted, ${count('M')} modified, ${count('D')} deleted rows`);
  };
}
