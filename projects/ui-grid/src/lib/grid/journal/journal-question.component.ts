import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { GridMessageTable, formatMessage, messageOf } from '../features/grid-messages';
import { JournalOffer } from './grid-journal';

/**
 * The status line's question about unsaved changes found at load: "Unsaved changes from <time> in N rows" with
 * Restore changes and Discard (only Discard when they no longer fit the table's columns).
 */
@Component({
  selector: 'ui-grid-journal-question',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'ui-grid-journal-question', role: 'group', '[attr.aria-label]': 'label()', '(keydown.escape)': 'dismissed.emit()' },
  template: `
    <span class="ui-grid-journal-text" role="alert" data-test="journal-text">{{ text() }}</span>
    @if (offer().fits) {
      <button type="button" data-action="journal-restore" [disabled]="busy()" (click)="restore.emit()">{{ messageOf(messages(), 'journalRestore') }}</button>
    }
    <button type="button" data-action="journal-discard" [disabled]="busy()" (click)="discard.emit()">{{ messageOf(messages(), 'journalDiscard') }}</button>
  `,
})
export class JournalQuestionComponent {
  readonly offer = input.required<JournalOffer>();
  readonly messages = input.required<GridMessageTable>();
  /** True while the grid loads or saves: the answers wait. */
  readonly busy = input(false);
  readonly restore = output<void>();
  readonly discard = output<void>();
  /** Escape: the question stays (nothing is dropped); the focus goes back to the grid. */
  readonly dismissed = output<void>();
  protected readonly messageOf = messageOf;

  protected readonly label = computed(() => messageOf(this.messages(), 'journalQuestion'));
  protected readonly text = computed(() => {
    const { entry, fits } = this.offer();
    const messages = this.messages();
    const n = entry.rows.length;
    const key = !fits ? 'journalMismatch' : n === 1 ? 'journalFoundRow' : 'journalFound';
    return formatMessage(messageOf(messages, key), { n, time: journalTime(entry.savedAt) });
  });
}

/** A journal's time as the page's language writes it (`<html lang>`), else the browser's. */
export function journalTime(savedAt: number): string {
  const lang = document.documentElement.lang || undefined;
  return new Date(savedAt).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}
