import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { GridMessageTable, messageOf } from './grid-messages';

/** The Reset button's question in the grid toolbar: whether to drop the pending changes, with its two answers. */
@Component({
  selector: 'ui-grid-reset-question',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'ui-grid-reset-question', role: 'group', '[attr.aria-label]': 'messages().reset', '(keydown.escape)': 'keep.emit()' },
  template: `
    <span class="ui-grid-reset-text" role="alert">{{ question() }}</span>
    <button type="button" data-action="reset-discard" [disabled]="busy()" (click)="discard.emit()">{{ messageOf(messages(), 'resetDiscard') }}</button>
    <button type="button" data-action="reset-keep" (click)="keep.emit()">{{ messageOf(messages(), 'resetKeep') }}</button>
  `,
})
export class GridResetQuestionComponent {
  readonly messages = input.required<GridMessageTable>();
  /** The question, with the count of rows changed. */
  readonly question = input.required<string>();
  /** True while a save or a load runs: nothing can be discarded then. */
  readonly busy = input(false);
  /** The answer "Discard changes". */
  readonly discard = output<void>();
  /** The answer "Keep changes" (or Escape). */
  readonly keep = output<void>();
  protected readonly messageOf = messageOf;
}
