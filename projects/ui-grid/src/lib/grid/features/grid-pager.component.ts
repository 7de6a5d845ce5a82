import { ChangeDetectionStrategy, Component, ElementRef, Injector, afterNextRender, computed, inject, input } from '@angular/core';
import { GridFeatures } from './grid-features';
import { GridMessageTable, formatMessage } from './grid-messages';

/** The pagination bar of a grid: first, previous, page x of y, next, last, and the show-all option. */
@Component({
  selector: 'ui-grid-pager',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'ui-grid-pager', role: 'navigation', '[attr.aria-label]': 'messages().pagination' },
  template: `
    <button type="button" data-page="first" [disabled]="atFirst()" [attr.aria-label]="messages().firstPage" [title]="messages().firstPage" (click)="turn(0, $event, 'next')">«</button>
    <button type="button" data-page="previous" [disabled]="atFirst()" [attr.aria-label]="messages().previousPage" [title]="messages().previousPage" (click)="turn(features().page() - 1, $event, 'next')">‹</button>
    <span class="ui-grid-page-of" data-test="page-of" aria-live="polite">{{ pageOf() }}</span>
    <button type="button" data-page="next" [disabled]="atLast()" [attr.aria-label]="messages().nextPage" [title]="messages().nextPage" (click)="turn(features().page() + 1, $event, 'previous')">›</button>
    <button type="button" data-page="last" [disabled]="atLast()" [attr.aria-label]="messages().lastPage" [title]="messages().lastPage" (click)="turn(features().pageCount() - 1, $event, 'previous')">»</button>
    @if (allPagesOption()) {
      <label class="ui-grid-show-all"><input type="checkbox" data-page="all" [checked]="features().showAll()" (change)="features().setShowAll($any($event.target).checked)" /> {{ messages().showAll }}</label>
    }
    <span class="ui-grid-rows-shown" data-test="rows-shown">{{ rowsShown() }}</span>
  `,
})
export class GridPagerComponent {
  readonly features = input.required<GridFeatures>();
  readonly messages = input.required<GridMessageTable>();
  readonly allPagesOption = input(false);

  protected readonly atFirst = computed(() => this.features().page() === 0);
  protected readonly atLast = computed(() => this.features().page() >= this.features().pageCount() - 1);
  protected readonly pageOf = computed(() => formatMessage(this.messages().pageOf, { page: this.features().page() + 1, pages: this.features().pageCount() }));
  protected readonly rowsShown = computed(() => formatMessage(this.messages().rowsShown, { shown: this.features().shown(), total: this.features().total() }));
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly injector = inject(Injector);

  /**
   * Turns to a page. A button the turn disables (First on the first page) would drop the keyboard focus to the page;
   * the focus moves to the button of the other direction then, which the turn enabled.
   */
  protected turn(page: number, event: Event, other: 'next' | 'previous'): void {
    const button = event.currentTarget as HTMLButtonElement;
    const focused = button.ownerDocument.activeElement === button;
    this.features().goToPage(page);
    if (!focused) return;
    afterNextRender(
      () => {
        if (!button.disabled) return;
        this.host.querySelector<HTMLButtonElement>(`[data-page="${other}"]:not([disabled])`)?.focus();
      },
      { injector: this.injector },
    );
  }
}
