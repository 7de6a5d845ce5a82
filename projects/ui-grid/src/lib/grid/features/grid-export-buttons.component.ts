import { ChangeDetectionStrategy, Component, input, output, signal } from '@angular/core';
import { GridExportFormat } from './grid-export';
import { GridMessageTable } from './grid-messages';

/** What an export button asks for: a format, and whether all rows or only the filtered ones. */
export interface GridExportRequest {
  readonly format: GridExportFormat;
  readonly allRows: boolean;
}

/** Export buttons of the grid toolbar (CSV, XLSX) with the choice of filtered or all rows while a filter is active. */
@Component({
  selector: 'ui-grid-export-buttons',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'ui-grid-export' },
  template: `
    @if (filtered()) {
      <select data-export="rows" [attr.aria-label]="messages().exportRows" (change)="allRows.set($any($event.target).value === 'all')">
        <option value="filtered" [selected]="!allRows()">{{ messages().exportFiltered }}</option>
        <option value="all" [selected]="allRows()">{{ messages().exportAll }}</option>
      </select>
    }
    <button type="button" data-export="csv" (click)="requested.emit({ format: 'csv', allRows: filtered() && allRows() })">{{ messages().exportCsv }}</button>
    <button type="button" data-export="xlsx" (click)="requested.emit({ format: 'xlsx', allRows: filtered() && allRows() })">{{ messages().exportXlsx }}</button>
  `,
})
export class GridExportButtonsComponent {
  readonly messages = input.required<GridMessageTable>();
  /** True while a filter hides rows: then the rows choice shows. */
  readonly filtered = input(false);
  readonly requested = output<GridExportRequest>();
  protected readonly allRows = signal(false);
}
