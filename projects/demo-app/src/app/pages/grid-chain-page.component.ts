import { ChangeDetectionStrategy, Component } from '@angular/core';
import { GridComponent } from 'ngx-wrs-grid';
import { StaticModel } from 'ngx-wrs-grid/core';
import { generatedWrs } from './grid-pages-data';

/**
 * A grid whose rows pass a `loadChain`: an XSLT 3.0 step of the reference server (run from its compiled SEF by
 * saxon-js) appends a computed, read-only column to 500 rows generated in the page.
 */
@Component({
  selector: 'app-grid-chain-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Grid over a load chain (XSLT)</h1>
    <p>The rows are generated in the page; the grid's <code>loadChain</code> runs <code>xslt/total-column.xslt</code>, which appends the read-only column "Total".</p>
    <ui-grid data-test="chain-grid" aria-label="Rows through a chain" [inputModel]="model" [loadChain]="chain" [maxHeight]="460" [customSave]="saveInPage" />
  `,
})
export class GridChainPageComponent {
  protected readonly model = new StaticModel({ data: generatedWrs(500, 10) });
  protected readonly chain = 'xslt/total-column.xslt';
  /** Generated data has no server behind it: Save commits the changes in the page. */
  protected readonly saveInPage = async (): Promise<void> => undefined;
}
