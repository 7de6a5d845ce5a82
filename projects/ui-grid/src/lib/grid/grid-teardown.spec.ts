import { provideZonelessChangeDetection } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { OverlayContainer } from '@angular/cdk/overlay';
import { DataProvider, DataProviderRegistry, ModelWrapper, NS, SimpleModel, StaticModel, WrsBackend, guiStatusEstablished, parseXml } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { waitFor } from '../../../core/testing/wait';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GridComponent } from './grid.component';

const ORDERS = () =>
  wrsText(
    [
      { id: 'id', nullable: '0', isKey: true },
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER', nullable: '0' },
      { id: 'country', references: ['DE', 'FR', 'IT'] },
    ],
    [
      ['1', 'Anna', '3', 'DE'],
      // qty "x" is invalid: every grid that validates these rows has an error to store.
      ['2', 'Bert', 'x', 'FR'],
      ['3', 'Cleo', '7', null],
    ],
  );

const CONFIG = () =>
  new StaticModel({
    data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
  });

const ANSWER = () => parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'name' }], [['1', 'a']]));

/** Who listens to a provider: `status$`/`changes$` subscribers (ready$ is status$) and onChange/onReady listeners. */
function listeners(p: DataProvider): { statusObservers: number; changeObservers: number; changeListeners: number } {
  const open = p as unknown as { statuses: { subject: { observers: unknown[] } }; changeSets: { subject: { observers: unknown[] }; listeners: unknown[] } };
  return { statusObservers: open.statuses.subject.observers.length, changeObservers: open.changeSets.subject.observers.length, changeListeners: open.changeSets.listeners.length };
}

/** The grids' results in `wrs:Header/wrs:ValidationResult` of a document. */
function validationResults(doc: Document): number {
  return doc.getElementsByTagNameNS(NS.wrs, 'ValidationResult')[0]?.getElementsByTagNameNS(NS.wrs, 'Wrs').length ?? 0;
}

const sleep = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

let registry: DataProviderRegistry;

function configure(backend?: WrsBackend): void {
  registry = new DataProviderRegistry();
  const providers: unknown[] = [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: registry }];
  if (backend) providers.push({ provide: WRS_BACKEND, useValue: backend });
  TestBed.configureTestingModule({ providers: providers as never[] });
}

function create(inputs: Record<string, unknown>): ComponentFixture<GridComponent> {
  const fixture = TestBed.createComponent(GridComponent);
  for (const [k, v] of Object.entries(inputs)) fixture.componentRef.setInput(k, v);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  return fixture;
}

async function ready(fixture: ComponentFixture<GridComponent>): Promise<void> {
  await firstValueFrom(fixture.componentInstance.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  await fixture.whenStable();
  await sleep();
}

function keydown(fixture: ComponentFixture<GridComponent>, key: string): void {
  (fixture.nativeElement as HTMLElement).querySelector('.ui-grid-body')!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

/** Opens the editor on a cell (0-based) as Enter does. */
function openEditor(fixture: ComponentFixture<GridComponent>, row: number, col: number): void {
  (fixture.componentInstance as unknown as { focusCell(r: number, c: number): void }).focusCell(row, col);
  keydown(fixture, 'Enter');
}

afterEach(() => {
  document.querySelectorAll('ui-grid').forEach((e) => e.remove());
  TestBed.inject(OverlayContainer, null)?.getContainerElement().replaceChildren();
});

describe('GridComponent teardown: a load ending after destroy', () => {
  it('grids destroyed right after their first change detection leave no observer on the input nor the status model, and no validation result', async () => {
    configure();
    const model = new StaticModel({ data: ORDERS() });
    await model.fetchData();
    const status = guiStatusEstablished(registry);
    const before = { model: listeners(model), status: listeners(status) };
    for (let i = 0; i < 10; i++) create({ inputModel: model, columnFilters: true }).destroy();
    await sleep(50);
    expect({ model: listeners(model), status: listeners(status) }).toEqual(before);
    expect(validationResults(model.getData()!)).toBe(0);
  });

  it('a grid destroyed while its input model loads does not take the data that arrives later', async () => {
    configure();
    let release!: (text: string) => void;
    const model = new SimpleModel({ url: 'slow.xml', loader: () => new Promise<string>((resolve) => (release = resolve)) });
    const status = guiStatusEstablished(registry);
    const before = listeners(status);
    const fixture = create({ inputModel: model, columnFilters: true });
    await sleep(20);
    const grid = fixture.componentInstance;
    fixture.destroy();
    release(ORDERS());
    await sleep(50);
    expect(grid.getData()).toBeNull();
    expect(listeners(model)).toEqual({ statusObservers: 0, changeObservers: 0, changeListeners: 0 });
    expect(listeners(status)).toEqual(before);
    expect(validationResults(model.getData()!)).toBe(0);
  });

  it('destroy aborts the backend calls of a load (page and row count); their late answers are not taken', async () => {
    const calls: { signal: AbortSignal | undefined; answer: (d: Document) => void }[] = [];
    const backend: WrsBackend = {
      load: (_request, options) => new Promise<Document>((resolve) => calls.push({ signal: options?.signal, answer: resolve })),
      save: async () => undefined,
      nextIdentifier: async () => 1,
    };
    configure(backend);
    const status = guiStatusEstablished(registry);
    const before = listeners(status);
    const fixture = create({ config: CONFIG(), columnFilters: true, serverSidedPagination: true });
    await sleep(20);
    const grid = fixture.componentInstance;
    expect(calls.length).toBe(2);
    expect(calls.map((c) => c.signal?.aborted)).toEqual([false, false]);
    fixture.destroy();
    expect(calls.map((c) => c.signal?.aborted)).toEqual([true, true]);
    // A backend that does not honour the signal answers anyway: the grid takes nothing and reports no failure.
    calls[0].answer(ANSWER());
    calls[1].answer(parseXml(wrsText([{ id: 'count' }], [['1']])));
    await sleep(50);
    expect(grid.getData()).toBeNull();
    expect(grid.getStatus().name).withContext('the load ended with the grid, so no fetchData waits for it').toBe('LoadFailedStatus');
    expect(listeners(status)).toEqual(before);
  });

  it('a backend load that rejects when destroy aborts it, as fetch does, ends once, in LoadFailedStatus: fetchData rejects, never hangs', async () => {
    const backend: WrsBackend = {
      load: (_request, options) => new Promise<Document>((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(options.signal!.reason))),
      save: async () => undefined,
      nextIdentifier: async () => 1,
    };
    configure(backend);
    const fixture = create({ config: CONFIG() });
    await sleep(20);
    const grid = fixture.componentInstance;
    // The load running now (execute joins it).
    const loading = grid.execute();
    const fetched = grid.fetchData().then(() => 'resolved', (e: { code?: string }) => `rejected ${e.code}`);
    const statuses: string[] = [];
    grid.status$.subscribe((s) => statuses.push(s.name));
    fixture.destroy();
    const ended = await Promise.race([loading.then(() => true), sleep(50).then(() => false)]);
    expect(ended).toBeTrue();
    expect(await Promise.race([fetched, sleep(50).then(() => 'still waiting')])).toBe('rejected LOAD_FAILED');
    expect(statuses).toEqual(['LoadingStatus', 'LoadFailedStatus']);
  });
});

describe('GridComponent teardown: its streams', () => {
  it('destroy ends a load under way in LoadFailedStatus, then completes the grid\'s status$ and changes$ and lets their subscribers go', async () => {
    configure();
    let release!: (text: string) => void;
    const model = new SimpleModel({ url: 'slow.xml', loader: () => new Promise<string>((resolve) => (release = resolve)) });
    const fixture = create({ inputModel: model });
    const grid = fixture.componentInstance;
    const seen: string[] = [];
    grid.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('status$ complete') });
    grid.changes$.subscribe({ complete: () => seen.push('changes$ complete') });
    // A chain over the grid listens to both streams until the grid goes.
    new ModelWrapper({ inputModel: grid, chain: (d: Document) => d, registry });
    await waitFor(() => release);
    fixture.destroy();
    expect(seen).toEqual(['LoadingStatus', 'LoadFailedStatus', 'status$ complete', 'changes$ complete']);
    expect(listeners(grid)).toEqual({ statusObservers: 0, changeObservers: 0, changeListeners: 0 });
    release(ORDERS());
    await expectAsync(grid.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    expect(seen.length).toBe(4);
  });
});

describe('GridComponent teardown: validation after destroy', () => {
  it('a grid destroyed before its first background validation pass leaves no result in the model', async () => {
    configure();
    const model = new StaticModel({ data: ORDERS() });
    await model.fetchData();
    const fixture = create({ inputModel: model });
    await firstValueFrom(fixture.componentInstance.status$.pipe(filter((s) => s.name === 'TransformedStatus')));
    fixture.destroy();
    await sleep(50);
    expect(validationResults(model.getData()!)).toBe(0);
  });

  it('a validationChain answering after destroy writes no result into the model', async () => {
    configure();
    const model = new StaticModel({ data: ORDERS() });
    let release!: () => void;
    const chain = () => new Promise<Document>((resolve) => (release = () => resolve(parseXml(wrsText([{ id: 'RowId' }, { id: 'ColId' }, { id: 'Error' }], [['R1', 'name', 'bad']])))));
    const fixture = create({ inputModel: model, validationChain: chain });
    await ready(fixture);
    fixture.destroy();
    release();
    await sleep(50);
    expect(validationResults(model.getData()!)).toBe(0);
  });
});

describe('GridComponent teardown: a save answered after destroy', () => {
  it('does not reload nor listen to the status model again', async () => {
    let saved!: () => void;
    let loads = 0;
    const backend: WrsBackend = {
      load: async () => (loads++, ANSWER()),
      save: () => new Promise<void>((resolve) => (saved = resolve)),
      nextIdentifier: async () => 1,
    };
    configure(backend);
    const fixture = create({ config: CONFIG(), columnFilters: true });
    await ready(fixture);
    const grid = fixture.componentInstance;
    const status = guiStatusEstablished(registry);
    grid.write('/*/wrs:Data/wrs:R[1]/wrs:C[2]', 'b', true);
    const saving = grid.save();
    await sleep(10);
    const loadsBefore = loads;
    fixture.destroy();
    const atDestroy = listeners(status);
    saved();
    await saving;
    await sleep(50);
    expect(loads).toBe(loadsBefore);
    expect(listeners(status)).toEqual(atDestroy);
  });

  it('a reload after a save, answered after destroy, is not taken', async () => {
    let reloaded: ((d: Document) => void) | null = null;
    const backend: WrsBackend = {
      // The first load answers at once, the reload after the save when the test says.
      load: () => (reloaded === null ? ((reloaded = () => undefined), Promise.resolve(ANSWER())) : new Promise<Document>((resolve) => (reloaded = resolve))),
      save: async () => undefined,
      nextIdentifier: async () => 1,
    };
    configure(backend);
    const fixture = create({ config: CONFIG(), columnFilters: true });
    await ready(fixture);
    const grid = fixture.componentInstance;
    const status = guiStatusEstablished(registry);
    grid.write('/*/wrs:Data/wrs:R[1]/wrs:C[2]', 'b', true);
    const saving = grid.save();
    await sleep(10);
    const shown = grid.getData();
    fixture.destroy();
    const atDestroy = listeners(status);
    reloaded!(ANSWER());
    await saving;
    await sleep(20);
    expect(grid.getData()).toBe(shown);
    expect(listeners(status)).toEqual(atDestroy);
  });
});

describe('GridComponent teardown: popups, editors, drags and timers', () => {
  it('destroy closes an open column filter value list and its backdrop', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }), columnFilters: true });
    await ready(fixture);
    (fixture.nativeElement as HTMLElement).querySelector<HTMLButtonElement>('button.ui-grid-filter[data-col-id="country"]')!.click();
    await sleep();
    expect(document.querySelectorAll('.ui-grid-filter-panel').length).toBe(1);
    fixture.destroy();
    await sleep(20);
    expect(document.querySelectorAll('.ui-grid-filter-panel').length).toBe(0);
    expect(document.querySelectorAll('.cdk-overlay-backdrop').length).toBe(0);
  });

  it('destroy commits an open text editor as one change set while the grid is alive, and writes nothing after', async () => {
    configure();
    const model = new StaticModel({ data: ORDERS() });
    const fixture = create({ inputModel: model });
    await ready(fixture);
    openEditor(fixture, 0, 1);
    document.querySelector<HTMLInputElement>('.ui-grid-editor')!.value = 'Zed';
    const grid = fixture.componentInstance;
    // Per change set: whether the grid was still alive when it fired.
    const alive: boolean[] = [];
    grid.changes$.subscribe(() => alive.push(!(grid as unknown as { destroyed: boolean }).destroyed));
    fixture.destroy();
    await sleep(50);
    expect(model.read('/*/wrs:Data/wrs:*[1]/wrs:C[2]')).toBe('Zed');
    expect(alive).toEqual([true]);
  });

  it('destroy closes an open dropdown editor and its backdrop', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }) });
    await ready(fixture);
    openEditor(fixture, 0, 3);
    await sleep();
    expect(document.querySelectorAll('.ui-grid-dropdown').length).toBe(1);
    fixture.destroy();
    await sleep(20);
    expect(document.querySelectorAll('.ui-grid-dropdown').length).toBe(0);
    expect(document.querySelectorAll('.cdk-overlay-backdrop').length).toBe(0);
  });

  it('destroy during a drag removes its document mousemove and mouseup listeners', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }) });
    await ready(fixture);
    const live = new Set<string>();
    const ids = new Map<unknown, number>();
    const key = (type: string, listener: unknown) => `${type}:${ids.get(listener) ?? ids.set(listener, ids.size).get(listener)}`;
    const add = spyOn(document, 'addEventListener').and.callFake(function (this: Document, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (type === 'mousemove' || type === 'mouseup') live.add(key(type, listener));
      EventTarget.prototype.addEventListener.call(this, type, listener, options);
    });
    const remove = spyOn(document, 'removeEventListener').and.callFake(function (this: Document, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      live.delete(key(type, listener));
      EventTarget.prototype.removeEventListener.call(this, type, listener, options);
    });
    const cell = (fixture.nativeElement as HTMLElement).querySelector<HTMLElement>('.ui-grid-row [aria-colindex="2"]')!;
    const box = cell.getBoundingClientRect();
    cell.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: box.left + 3, clientY: box.top + 3 }));
    const during = [...live].sort();
    fixture.destroy();
    add.and.callThrough();
    remove.and.callThrough();
    expect(during.map((k) => k.split(':')[0])).toEqual(['mousemove', 'mouseup']);
    expect([...live]).toEqual([]);
  });

  it('a text filter typed just before destroy is not written into the status model', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }), columnFilters: true });
    await ready(fixture);
    const status = guiStatusEstablished(registry);
    const input = (fixture.nativeElement as HTMLElement).querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="name"]')!;
    input.value = 'Ann';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const changes: number[] = [];
    status.changes$.subscribe((c) => changes.push(c.sequence));
    fixture.destroy();
    await sleep(400);
    expect(changes).toEqual([]);
  });

  it('a text filter typed just before the header repaints goes on in the new field and applies once (no keystroke lost)', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }), columnFilters: true });
    await ready(fixture);
    const status = guiStatusEstablished(registry);
    const input = (fixture.nativeElement as HTMLElement).querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="name"]')!;
    input.value = 'Ann';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const changes: number[] = [];
    status.changes$.subscribe((c) => changes.push(c.sequence));
    fixture.componentInstance.sortBy('id');
    const repainted = (fixture.nativeElement as HTMLElement).querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="name"]')!;
    expect(repainted).not.toBe(input);
    expect(repainted.value).toBe('Ann');
    await sleep(400);
    expect(changes.length).toBe(1);
    expect(fixture.componentInstance.viewRows().map((r) => r.getAttribute('id'))).toEqual(['R1']);
  });
});

describe('GridComponent teardown: a status model replaced in the registry', () => {
  it('filters through the new guiStatusEstablished, and destroy leaves no listener on either', async () => {
    configure();
    const fixture = create({ inputModel: new StaticModel({ data: ORDERS() }), columnFilters: true });
    await ready(fixture);
    const grid = fixture.componentInstance;
    const old = guiStatusEstablished(registry);
    const listening = listeners(old).changeListeners;
    const fresh = new StaticModel({ id: 'guiStatusEstablished', registry, data: old.serialize()! });
    await fresh.fetchData();
    const unused = listeners(fresh).changeListeners;
    grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'Ann' });
    await sleep(20);
    expect(grid.viewRows().map((r) => r.getAttribute('id'))).toEqual(['R1']);
    expect([listeners(old).changeListeners, listeners(fresh).changeListeners]).toEqual([listening - 1, unused + 1]);
    fixture.destroy();
    expect([listeners(old).changeListeners, listeners(fresh).changeListeners]).toEqual([listening - 1, unused]);
  });
});
