import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, FetchWrsBackend, NS, RowStore, StaticModel, WrsBackendCallOptions, WrsTextLoad } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GridComponent } from './grid.component';

const ROWS = 3000;
const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`;
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
  function mount(model: StaticModel | null, backend?: FetchWrsBackend): { grid: GridComponent; host: HTMLElement; detectChanges(): void } {
    const providers: unknown[] = [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }];
    if (backend) providers.push({ provide: WRS_BACKEND, useValue: backend });
    TestBed.configureTestingModule({ providers: providers as never[] });
    const fixture = TestBed.createComponent(GridComponent);
    if (model) fixture.componentRef.setInput('inputModel', model);
    else fixture.componentRef.setInput('config', new StaticModel({ data: CONFIG }));
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

  it('paints the first rows of a large backend answer, read-only, while it is built, then is ready with all rows', async () => {
    let answered = 0;
    const answer = (async () => (answered++, new Response(big()))) as unknown as typeof globalThis.fetch;
    const seen: { text: string; ready: boolean; readOnly: string | null; busy: string }[] = [];
    let host: HTMLElement | null = null;
    // What the grid shows right after the first rows were reported: it paints them in the report, before any task runs.
    const watched = (options?: WrsBackendCallOptions): WrsBackendCallOptions | undefined => {
      const progress = options?.progress;
      return { ...options, progress: progress && ((p) => {
        progress(p);
        if (seen.length || !host) return;
        mounted.detectChanges();
        const cell = host.querySelector('.ui-grid-cell');
        seen.push({ text: firstRowText(host), ready: mounted.grid.isReady(), readOnly: cell && cell.getAttribute('aria-readonly'), busy: host.querySelector('[data-test="busy"]')?.textContent ?? '' });
      }) };
    };
    // The grid loads through `loadRows` (the rows kept in a store) where the backend has it.
    class Watching extends FetchWrsBackend {
      override load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
        return super.load(request, watched(options));
      }
      override loadRows(request: Document | string, options?: WrsBackendCallOptions): Promise<RowStore | Document> {
        return super.loadRows(request, watched(options));
      }
    }
    const mounted = mount(null, new Watching({ fetch: answer }));
    host = mounted.host;
    const { grid } = mounted;
    await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus')));
    expect(seen.length).toBe(1);
    expect(seen[0].text).toContain('name 1');
    expect(seen[0].ready).toBeFalse();
    expect(seen[0].readOnly).toBe('true');
    expect(seen[0].busy).toMatch(/\d+ rows read/);
    expect(answered).toBe(1);
    expect(host.querySelector('.ui-grid-body')!.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(host.querySelector('.ui-grid-cell')!.getAttribute('aria-readonly')).not.toBe('true');
    // Ready with the answer's rows in a store: shown without building the document.
    expect(grid.getRowStore()!.rowCount).toBe(ROWS);
    expect(grid.getRowStore()!.materialized).toBeFalse();
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
