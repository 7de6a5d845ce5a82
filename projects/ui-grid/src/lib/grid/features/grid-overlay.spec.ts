import { Overlay } from '@angular/cdk/overlay';
import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { openOverlay } from './grid-overlay';

const frames = async (n = 2) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('openOverlay', () => {
  let tall: HTMLElement;
  let anchor: HTMLButtonElement;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection()] });
    tall = document.body.appendChild(document.createElement('div'));
    tall.style.height = '4000px';
    anchor = tall.appendChild(document.createElement('button'));
    anchor.style.marginTop = '1500px';
    window.scrollTo(0, 0);
    await frames();
  });

  afterEach(async () => {
    tall.remove();
    document.querySelectorAll('.cdk-overlay-container').forEach((e) => e.remove());
    window.scrollTo(0, 0);
    await frames();
  });

  it('stays open when the page scrolled to its opener just before (the scroll event comes a frame later), closes on a later scroll', async () => {
    const content = document.createElement('div');
    content.textContent = 'panel';
    const closed = jasmine.createSpy('onClose');
    // A focus scrolls its element into view at once; the browser tells it with a scroll event at the next frame.
    anchor.focus();
    expect(window.scrollY).toBeGreaterThan(0);
    openOverlay(TestBed.inject(Overlay), content, anchor, closed);
    await frames();
    expect(closed).not.toHaveBeenCalled();
    expect(content.isConnected).toBe(true);
    expect(content.closest('.ui-grid-overlay')).not.toBeNull();

    window.scrollTo(0, window.scrollY + 200);
    await frames();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(content.closest('.ui-grid-overlay')).toBeNull();
  });
});
