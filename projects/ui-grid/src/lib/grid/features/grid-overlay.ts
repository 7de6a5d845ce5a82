import { Overlay, OverlayRef } from '@angular/cdk/overlay';
import { DomPortal } from '@angular/cdk/portal';

/** Where a popup opens: below an element, or at a point of the page (a right click). */
export type OverlayAnchor = HTMLElement | { readonly x: number; readonly y: number };

/**
 * Shows plain DOM content in a CDK overlay (so the grid's scrolling viewport never clips it) with a transparent
 * backdrop; a click outside, a page scroll or `close()` detaches it and calls `onClose` once.
 */
export function openOverlay(overlay: Overlay, content: HTMLElement, anchor: OverlayAnchor, onClose: () => void, themeFrom?: Element): OverlayRef {
  const position = overlay
    .position()
    .flexibleConnectedTo(anchor instanceof HTMLElement ? anchor : { x: anchor.x, y: anchor.y })
    .withPositions([
      { originX: 'start', originY: 'bottom', overlayX: 'start', overlayY: 'top' },
      { originX: 'start', originY: 'top', overlayX: 'start', overlayY: 'bottom' },
      { originX: 'end', originY: 'bottom', overlayX: 'end', overlayY: 'top' },
    ])
    .withPush(true);
  const ref = overlay.create({
    positionStrategy: position,
    // Closes once the page has moved from where it was at the open: the scroll event of the opener's own scrolling
    // into view (a focus), dispatched a frame later, must not close what it opened.
    scrollStrategy: overlay.scrollStrategies.close({ threshold: 2 }),
    hasBackdrop: true,
    backdropClass: 'cdk-overlay-transparent-backdrop',
    // The overlay lives outside the grid, so it takes the grid's dark theme along.
    panelClass: themeFrom?.closest('.ui-grid-theme-dark') ? ['ui-grid-overlay', 'ui-grid-theme-dark'] : 'ui-grid-overlay',
  });
  // DomPortal returns the content to where it was on detach, so it needs a (detached) parent.
  if (!content.parentNode) content.ownerDocument.createElement('div').appendChild(content);
  ref.attach(new DomPortal(content));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    ref.dispose();
    onClose();
  };
  ref.backdropClick().subscribe(close);
  ref.detachments().subscribe(close);
  return ref;
}
