import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsTextLoad } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { GridComponent } from './grid.component';

const ROWS = 3000;
const big = () => wrsText([{ id: 'id' }, { id: 'name' }], Array.from({ length: ROWS }, (_, r) => [String(r + 1), `name ${r + 1}`]));

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent over a large Wrs loaded in slices', () => {
  let slicedMinLength = 0;
  beforeEach(() => {
    slicedMinLength = WrsTextLoad.slicedMinLength;
    WrsTextLoad.slicedMinLength = 10_000;
  });
  afterEach(() => {
    WrsTextLoad.slicedMinLength = slicedMinLength;
  });

  /** The grid over `model`: its load starts, and the first slice is built and painted, before this returns. */
  function mount(model: StaticModel): { grid: GridComponent; host: HTMLElement; detectChanges(): void } {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }] });
    const fixture = TestBed.createComponent(GridComponent);
    fixture.componentRef.setInput('inputModel', model);
    document.body.appendChild(fixture.nativeElement);
    fixture.detectChanges();
    return { grid: fixture.componentInstance, host: fixture.nativeElement as HTMLElement, detectChanges: () => fixture.detectChanges() };
  }

  const firstRowText = (host: HTMLElement) => host.querySelector('.ui-grid-canvas .ui-grid-row')?.textContent ?? '';

  it('paints its first rows, read-only, while the provider is still loading, then the whole document when it is ready', async () => {
    const model = new StaticModel({ data: big() });
    const { grid, host, detectChanges } = mount(model);
    // No task has run since the load started: only the first slice is built, and the grid painted it.
    expect(model.isReady()).toBeFalse();
    expect(grid.isReady()).toBeFalse();
    expect(firstRowText(host)).toContain('name 1');
    expect(host.querySelector('.ui-grid-cell')!.getAttribute('aria-readonly')).toBe('true');
    detectChanges();
    expect(host.querySelector('[data-test="busy"]')!.textContent).toMatch(/\d+ rows read/);
    await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus')));
    expect(grid.getData()).toBe(model.getData());
    expect(host.querySelector('.ui-grid-body')!.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(host.querySelector('.ui-grid-cell')!.getAttribute('aria-readonly')).not.toBe('true');
  });

  it('takes the rows away again when the load fails on a malformed row', async () => {
    const model = new StaticModel({ data: big().replace('<wrs:R id="R2990">', '<wrs:R id="R2990"><wrs:C>') });
    const { grid, host } = mount(model);
    expect(firstRowText(host)).toContain('name 1');
    await firstValueFrom(grid.status$.pipe(filter((s) => s.isFailure)));
    await new Promise(requestAnimationFrame);
    expect(host.querySelectorAll('.ui-grid-canvas .ui-grid-row:not([style*="display: none"])').length).toBe(0);
  });
});
