import { afterEveryRender } from '@angular/core';

/**
 * A toolbar button disabled while it has the keyboard focus (Save and Reset while a save or load runs, Undo and Redo
 * at the end of their history) would leave the focus on nothing: the browser drops it to the page, Chromium as the
 * button is disabled (a focusout to nothing), others keep it on the disabled button. After each render the grid body
 * takes it (`focusBody`), as after a save with invalid cells. Call in the injection context of the grid; returns what
 * stops it.
 */
export function keepToolbarFocus(host: HTMLElement, focusBody: () => void): () => void {
  let dropped: HTMLButtonElement | null = null;
  const focusOut = (e: FocusEvent) => {
    dropped = !e.relatedTarget && e.target instanceof HTMLButtonElement && e.target.disabled ? e.target : null;
  };
  host.addEventListener('focusout', focusOut);
  const rendered = afterEveryRender(() => {
    const doc = host.ownerDocument;
    const active = doc.activeElement === doc.body ? dropped : doc.activeElement;
    dropped = null;
    if (active instanceof HTMLButtonElement && active.disabled && active.closest('.ui-grid-toolbar') && host.contains(active)) focusBody();
  });
  return () => {
    host.removeEventListener('focusout', focusOut);
    rendered.destroy();
  };
}
