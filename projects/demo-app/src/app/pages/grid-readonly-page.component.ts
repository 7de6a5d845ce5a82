import { ChangeDetectionStrategy, Component } from '@angular/core';
import { GridComponent } from 'ngx-wrs-grid';
import { SimpleModel } from 'ngx-wrs-grid/core';

/** A read-only grid: navigation, selection and copy work; nothing can be changed. */
@Component({
  selector: 'app-grid-readonly-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Read-only grid</h1>
    <ui-grid data-test="readonly-grid" aria-label="Orders, read-only" [inputModel]="model" [isReadOnly]="true" />
  `,
})
export class GridReadonlyPageComponent {
  protected readonly model = new SimpleModel({ url: 'data/orders-sample.xml' });
}
