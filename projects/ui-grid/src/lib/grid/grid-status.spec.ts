import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsBackend, WrsError, NS, parseXml } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GridComponent } from './grid.component';

const PEOPLE = () => wrsText([{ id: 'id', nullable: '0', isKey: true }, { id: 'name' }], [['1', 'Anna'], ['2', 'Bert']]);

/** A grid over PEOPLE with these inputs, loaded to its ready or failure status; every status it reported, in order. */
async function load(inputs: Record<string, unknown>, backend?: WrsBackend, statuses: string[] = []): Promise<{ grid: GridComponent; statuses: string[] }> {
  const providers: unknown[] = [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }];
  if (backend) providers.push({ provide: WRS_BACKEND, useValue: backend });
  TestBed.configureTestingModule({ providers: providers as never[] });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  grid.status$.subscribe((s) => statuses.push(s.name));
  if (!backend) fixture.componentRef.setInput('inputModel', new StaticModel({ data: PEOPLE() }));
  for (const [k, v] of Object.entries(inputs)) fixture.componentRef.setInput(k, v);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  return { grid, statuses };
}

/** The status name a rejected fetchData names (or 'resolved'). */
async function fetchOutcome(grid: GridComponent): Promise<string> {
  try {
    await grid.fetchData();
    return 'resolved';
  } catch (e) {
    return e instanceof WrsError ? `${e.code} ${String(e.details?.['status'])}` : String(e);
  }
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent status life cycle (spec 3.1, 6.1, 7)', () => {
  it('without a chain goes Initialized, Loading, Transformed: no chain is loaded, waited for or run', async () => {
    const { statuses } = await load({});
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformedStatus']);
  });

  it('with a loadChain reports its phases in order: Loading, ChainLoaded, WaitingForParameters, Transforming, Transformed', async () => {
    const param = new StaticModel({ data: '<p v="!"/>' });
    const seen: string[] = [];
    const statuses: string[] = [];
    await load({
      loadChain: (doc: Document, p: Record<string, unknown>) => {
        // The step runs in the grid's Transforming phase, after the parameter provider was loaded.
        seen.push(`${statuses.at(-1)} ${(p['param'] as Document).documentElement.getAttribute('v')}`);
        return doc;
      },
      loadParameters: { param },
    }, undefined, statuses);
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformedStatus']);
    expect(seen).toEqual(['TransformingStatus !']);
  });

  it('tells listeners of chainLoadedStatus and waitingForParametersStatus, as spec 2.2 names them', async () => {
    const heard: string[] = [];
    const { grid } = await load({ loadChain: (doc: Document) => doc });
    grid.addStatusListener({ status: grid.chainLoadedStatus, onlyFuture: true, listener: ({ status }) => heard.push(status.name) });
    grid.addStatusListener({ status: grid.waitingForParametersStatus, onlyFuture: true, listener: ({ status }) => heard.push(status.name) });
    await grid.fetchData(true);
    expect(heard).toEqual(['ChainLoadedStatus', 'WaitingForParametersStatus']);
  });

  it('ends in ChainStylesheetLoadingFailed when a loadChain stylesheet cannot be loaded; fetchData rejects', async () => {
    const { grid, statuses } = await load({ loadChain: 'does-not-exist-grid-status.xslt' });
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainStylesheetLoadingFailed']);
    expect(grid.getFailureReason()).toContain('does-not-exist-grid-status.xslt');
    expect(await fetchOutcome(grid)).toBe('LOAD_FAILED ChainStylesheetLoadingFailed');
  });

  it('ends in TransformFailedStatus, not LoadFailed, when a loadChain step fails; fetchData rejects', async () => {
    const { grid, statuses } = await load({ loadChain: [() => { throw new Error('boom'); }] });
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformFailedStatus']);
    expect(grid.getFailureReason()).toContain('boom');
    expect(await fetchOutcome(grid)).toBe('LOAD_FAILED TransformFailedStatus');
  });

  it('ends in TransformFailedStatus when the requestPostChain fails, and in LoadFailed when the data cannot be loaded', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    let answer: () => Document = () => parseXml(PEOPLE());
    const backend: WrsBackend = { load: async () => answer(), save: async () => undefined, nextIdentifier: async () => 1 };
    const post = await load({ config, requestPostChain: () => 42 }, backend);
    expect(post.statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformFailedStatus']);
    TestBed.resetTestingModule();
    answer = () => {
      throw new WrsError('BACKEND', 'HTTP 500 from WrsServlet');
    };
    const failed = await load({ config }, backend);
    expect(failed.statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'LoadFailedStatus']);
    expect(await fetchOutcome(failed.grid)).toBe('LOAD_FAILED LoadFailedStatus');
  });
});
