import { WrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { SimpleModel } from '../data-provider/simple-model';
import { StaticModel } from '../data-provider/static-model';
import { parseXml, serializeXml } from '../xml/dom';
import { domName, ordersWrs } from '../../testing/fixtures';
import { waitFor } from '../../testing/wait';
import { ModelWrapper } from './model-wrapper';
import { modelWrapperSpecSetup } from './testing/model-wrapper-setup';
import { OK } from './testing/chain-fixtures';

describe(`ModelWrapper dispose (${domName()})`, () => {
  const w = modelWrapperSpecSetup(ordersWrs);

  it('dispose stops a chain for good: changes and reloads of its input and parameter providers run nothing more', async () => {
    const param = new StaticModel({ data: '<p v="1"/>', registry: w.registry });
    let runs = 0;
    const chain = w.wrapper({ chain: (_d: Document, p) => `<n run="${++runs}" v="${(p['param'] as Document).documentElement.getAttribute('v')}"/>`, parameters: { param } });
    await chain.execute();
    chain.dispose();
    w.input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    param.write('/p/@v', '2', true);
    await param.execute(true);
    await w.input.execute(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    expect(serializeXml(chain.getData()!)).toBe('<n run="1" v="1"/>');
  });

  it('dispose drops the target: a run still under way when disposed renders nothing', async () => {
    const target = parseXml('<html><body><div/></body></html>').getElementsByTagName('div')[0];
    let release!: () => void;
    const chain = w.wrapper({ chain: () => new Promise<string>((resolve) => (release = () => resolve('<b>late</b>'))) });
    chain.setTargetHtml(target);
    const run = chain.execute();
    await waitFor(() => release);
    chain.dispose();
    release();
    await run;
    expect(target.textContent).toBe('');
    expect(chain.getTargetHtml()).toBeNull();
  });

  it('dispose leaves the registry, and ends a run under way in LoadFailedStatus: no data, no onReady, no waiting caller left hanging', async () => {
    const reg = new DataProviderRegistry();
    let release!: () => void;
    const chain = new ModelWrapper({ id: 'tip', registry: reg, inputModel: w.input, chain: (d: Document) => new Promise<Document>((resolve) => (release = () => resolve(d))) });
    expect(reg.get('tip')).toBe(chain);
    const heard: string[] = [];
    chain.onReady(() => heard.push('ready'));
    const waiting = chain.fetchData().then(() => 'resolved', (e: WrsError) => `${e.code}: ${e.message}`);
    await waitFor(() => release);
    chain.dispose();
    expect(reg.get('tip')).toBeNull();
    release();
    expect(await waiting).toBe('LOAD_FAILED: tip: LoadFailedStatus: tip was disposed');
    expect(heard).toEqual([]);
    expect(chain.getData()).toBeNull();
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
  });

  it('dispose stops waiting for a parameter provider: no listener left on it, and the chain does not run when it arrives', async () => {
    let arrive!: (text: string) => void;
    const param = new SimpleModel({ url: 'p.xml', loader: () => new Promise<string>((resolve) => (arrive = resolve)) });
    const listening = () => (param as unknown as { statuses: { subject: { observers: unknown[] } } }).statuses.subject.observers.length;
    let runs = 0;
    const chain = w.wrapper({ chain: (d: Document) => (runs++, d), parameters: { param } });
    void chain.execute();
    await waitFor(() => arrive);
    expect(chain.getStatus().name).toBe('WaitingForParametersStatus');
    expect(listening()).withContext('waiting for the parameter').toBeGreaterThan(0);
    chain.dispose();
    expect(listening()).toBe(0);
    arrive('<p/>');
    await param.fetchData();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(0);
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
  });

  it('dispose ends a run under way in LoadFailedStatus, then completes status$ and changes$; the run sets nothing after', async () => {
    let release!: () => void;
    const chain = w.wrapper({ chain: (d: Document) => new Promise<Document>((resolve) => (release = () => resolve(d))) });
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('status$ complete') });
    chain.changes$.subscribe({ complete: () => seen.push('changes$ complete') });
    const run = chain.execute();
    await waitFor(() => release);
    chain.dispose();
    expect(seen).toEqual([...OK.slice(0, 5), 'LoadFailedStatus', 'status$ complete', 'changes$ complete']);
    release();
    await run;
    expect(seen.length).toBe(8);
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
    expect(chain.getData()).toBeNull();
  });

  it('a disposed chain keeps its data; later writes, fire, markSaved and execute throw nothing and reach no one', async () => {
    let runs = 0;
    const chain = w.wrapper({ chain: () => (runs++, '<r v="1"/>') });
    await chain.execute();
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('status$ complete') });
    chain.changes$.subscribe({ next: () => seen.push('change set'), complete: () => seen.push('changes$ complete') });
    chain.onChange(() => seen.push('onChange'));
    chain.addStatusListener(() => seen.push('status listener'));
    chain.dispose();
    expect(seen).toEqual(['TransformedStatus', 'status$ complete', 'changes$ complete']);
    expect(() => {
      chain.write('/r/@v', '2', true);
      chain.fire();
      chain.markSaved();
      chain.dispose();
    }).not.toThrow();
    await chain.execute(true);
    expect(seen).toEqual(['TransformedStatus', 'status$ complete', 'changes$ complete']);
    expect(runs).toBe(1);
    expect(chain.getStatus().name).toBe('TransformedStatus');
    expect(serializeXml(chain.getData()!)).toBe('<r v="2"/>');
    expect(await chain.fetchData()).toBe(chain);
    await expectAsync(chain.fetchData(true)).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED', message: `${chain.id} was disposed` }));
  });

  it('dispose by a status listener: every subscriber still gets that status, then the streams complete', async () => {
    const chain = w.wrapper({ chain: (d: Document) => d });
    chain.status$.subscribe((s) => s.name === 'TransformedStatus' && chain.dispose());
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('complete') });
    expect(await chain.fetchData()).toBe(chain);
    expect(seen).toEqual([...OK, 'complete']);
  });

  it('dispose by a change listener: every listener and subscriber still gets that change set, then changes$ completes', async () => {
    const chain = w.wrapper({ chain: () => '<r v="1"/>' });
    await chain.execute();
    const seen: string[] = [];
    chain.onChange(() => chain.dispose());
    chain.onChange((c) => seen.push(`onChange ${c.sequence}`));
    chain.changes$.subscribe({ next: (c) => seen.push(`changes$ ${c.sequence}`), complete: () => seen.push('complete') });
    chain.write('/r/@v', '2', true);
    chain.fire();
    expect(seen).toEqual(['onChange 1', 'changes$ 1', 'complete']);
  });

  it('fetchData with an aborted signal stops waiting: it rejects, keeps no listener, and the load goes on', async () => {
    let arrive!: (text: string) => void;
    const model = new SimpleModel({ url: 'm.xml', loader: () => new Promise<string>((resolve) => (arrive = resolve)) });
    const listening = () => (model as unknown as { statuses: { subject: { observers: unknown[] } } }).statuses.subject.observers.length;
    const stop = new AbortController();
    const waiting = model.fetchData({ signal: stop.signal }).then(() => 'resolved', (e: WrsError) => `${e.code} ${JSON.stringify(e.details)}`);
    await waitFor(() => arrive);
    stop.abort();
    expect(await waiting).toBe('LOAD_FAILED {"aborted":true}');
    expect(listening()).toBe(0);
    await expectAsync(model.fetchData({ signal: stop.signal })).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    arrive('<a/>');
    expect((await model.fetchData()).getData()!.documentElement.localName).toBe('a');
  });
});
