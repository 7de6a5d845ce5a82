import { ChangeDetectionStrategy, Component, ElementRef, afterRenderEffect, computed, input, viewChild } from '@angular/core';
import { FindMessages } from './find-messages';
import { GridFind } from './grid-find';
import { GridMessageTable, formatMessage, messageOf } from './grid-messages';

/**
 * The find field of a grid (Ctrl+F), above its body: the query, the count ("3 of 41", read out as it changes),
 * previous, next and close. Enter and Shift+Enter go to the next and previous match, Escape closes and gives the
 * focus back to the cell, Ctrl+F selects the query.
 */
@Component({
  selector: 'ui-grid-find',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'ui-grid-find', role: 'search', '[attr.aria-label]': 'text("findRegion")' },
  template: `
    <input #field type="search" class="ui-grid-find-input" data-test="find-input" autocomplete="off" spellcheck="false"
      [attr.aria-label]="text('findLabel')" [placeholder]="text('findPlaceholder')" [value]="find().query()"
      (input)="find().setQuery(field.value)" (keydown)="onKey($event, field)" />
    <span class="ui-grid-find-count" role="status" aria-live="polite" data-test="find-count">{{ label() }}</span>
    <button type="button" data-find="previous" [attr.aria-label]="text('findPrevious')" [title]="text('findPrevious') + ' (Shift+Enter)'" (click)="find().next(true)">↑</button>
    <button type="button" data-find="next" [attr.aria-label]="text('findNext')" [title]="text('findNext') + ' (Enter)'" (click)="find().next()">↓</button>
    <button type="button" data-find="close" [attr.aria-label]="text('findClose')" [title]="text('findClose') + ' (Escape)'" (click)="find().close()">×</button>
  `,
})
export class GridFindComponent {
  readonly find = input.required<GridFind>();
  readonly messages = input.required<GridMessageTable>();

  private readonly field = viewChild.required<ElementRef<HTMLInputElement>>('field');

  /** What the count says: "3 of 41", "41 matches" (the focus on none), "No matches", or the count so far. */
  protected readonly label = computed(() => {
    const find = this.find();
    if (find.query() === '') return '';
    const total = find.count();
    const current = find.position();
    const page = find.onePage();
    if (find.counting()) return formatMessage(this.text('findCounting'), { total });
    if (total === 0) return this.text(page ? 'findNoneOnPage' : 'findNone');
    if (current === 0) return formatMessage(this.text(page ? 'findTotalOnPage' : 'findTotal'), { total });
    return formatMessage(this.text(page ? 'findCountOnPage' : 'findCount'), { current, total });
  });

  constructor() {
    // Each Ctrl+F (and the opening itself) puts the focus into the field with its text selected, to type over it;
    // where keys typed before the focus came wrote the query already, with the caret after them.
    afterRenderEffect(() => {
      const find = this.find();
      find.focusRequests();
      const field = this.field().nativeElement;
      field.focus();
      if (find.typedWhileOpening) field.setSelectionRange(field.value.length, field.value.length);
      else field.select();
      find.fieldFocused();
    });
  }

  protected text(key: keyof FindMessages): string {
    return messageOf(this.messages(), key);
  }

  protected onKey(event: KeyboardEvent, field: HTMLInputElement): void {
    const ctrl = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter' || event.key === 'F3') this.find().next(event.shiftKey);
    else if (event.key === 'Escape') this.find().close();
    else if (ctrl && event.key.toLowerCase() === 'f') field.select();
    else return;
    event.preventDefault();
  }
}
