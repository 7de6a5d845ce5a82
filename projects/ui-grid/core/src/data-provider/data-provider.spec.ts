import { WrsError } from '../errors';
import { domName, ordersWrs } from '../../testing/fixtures';
import { waitFor } from '../../testing/wait';
import { ChangeSet, DataProvider, DataProviderRegistry } from './data-provider';
import { StatusEvent } from './listeners';
import { SimpleModel } from './simple-model';
import { StaticModel } from './static-model';
import { LoadFailedStatus, LoadingStatus, Status, TransformedStatus } from './status';
import { parseXml } from '../xml/dom';
import { checkDomAfterProviderCalls } from '../../testing/dom-consistency';

function deferredLoader() {
  const calls: { url: string; resolve: (text: string) => void; reject: (e: unknown) => void }[] = [];
  const loader = (url: string) => new Promise<string>((resolve, reject) => calls.push({ url, resolve, reject }));
  return { loader, calls };
}

describe(`DataProvider life cycle and listeners (${domName()})`, () => {
  let registry: DataProviderRegistry;
  beforeEach(checkDomAfterProviderCalls);
  beforeEach(() => (registry = new DataProviderRegistry()));

  it('is lazy: constructing starts nothing, execute() passes Initialized -> Loading -> Transformed', async () => {
    const { loader, calls } = deferredLoader();
    const model = new SimpleModel({ url: 'orders.xml', loader, registry });
    const seen: string[] = [];
    model.status$.subscribe((s) => seen.push(s.toString()));
    expect(calls.length).toBe(0);
    expect(model.getStatus()).toBe(model.initializedStatus);
    const done = model.execute();
    expect(seen).toEqual(['InitializedStatus', 'LoadingStatus']);
    calls[0].resolve(ordersWrs());
    await done;
    expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformedStatus']);
    expect(model.isReady()).toBeTrue();
    expect(model.getStatus()).toBe(model.getReadyStatus());
    expect(model.hasFailed()).toBeFalse();
    expect(model.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('Anna');
  });

  it('ends in LoadFailedStatus with a readable reason on an HTTP failure, and recovers on a later execute()', async () => {
    let fail = true;
    const model = new SimpleModel({
      url: 'orders.xml',
      registry,
      loader: async (url) => {
        if (fail) throw new WrsError('LOAD_FAILED', `HTTP 404 Not Found from ${url}`, url);
        return ordersWrs();
      },
    });
    await model.execute();
    expect(model.getStatus()).toEqual(jasmine.any(LoadFailedStatus));
    expect(model.hasFailed()).toBeTrue();
    expect(model.getFailureReason()).toContain('HTTP 404 Not Found from orders.xml');
    expect(model.getStatus().toString()).toContain('LoadFailedStatus');
    expect(model.isReady()).toBeFalse();
    fail = false;
    await model.execute();
    expect(model.getStatus()).toBe(model.transformedStatus);
  });

  it('ends a load in the failure status the error code names (spec 7), and fetchData rejects on each', async () => {
    class FailingLoad extends DataProvider {
      constructor(private readonly error: unknown) {
        super({ registry });
      }
      protected doExecute(): void {
        this.setStatus(this.loadingStatus);
        throw this.error;
      }
    }
    const outcomes: string[] = [];
    for (const error of [new WrsError('CHAIN_LOAD_FAILED', 'x.xslt: 404'), new WrsError('TRANSFORM_FAILED', 'step 1 failed'), new WrsError('BACKEND', 'HTTP 500'), new Error('boom')]) {
      const provider = new FailingLoad(error);
      const seen: string[] = [];
      provider.status$.subscribe((s) => seen.push(s.name));
      const rejected = await provider.fetchData().then(() => 'resolved', (e: WrsError) => `${e.code} ${e.details?.['status']}`);
      outcomes.push(`${seen.join(' > ')} | ${rejected}`);
    }
    expect(outcomes).toEqual([
      'InitializedStatus > LoadingStatus > ChainStylesheetLoadingFailed | LOAD_FAILED ChainStylesheetLoadingFailed',
      'InitializedStatus > LoadingStatus > TransformFailedStatus | LOAD_FAILED TransformFailedStatus',
      'InitializedStatus > LoadingStatus > LoadFailedStatus | LOAD_FAILED LoadFailedStatus',
      'InitializedStatus > LoadingStatus > LoadFailedStatus | LOAD_FAILED LoadFailedStatus',
    ]);
  });

  it('ends in LoadFailedStatus when the loaded text is not XML, naming the url', async () => {
    const model = new SimpleModel({ url: 'bad.xml', registry, loader: async () => '<wrs:Wrs' });
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    expect(model.getFailureReason()).toContain('bad.xml');
    expect(model.getData()).toBeNull();
  });

  it('StaticModel with malformed XML does not throw from the constructor but fails on execute', async () => {
    const model = new StaticModel({ data: '<a><b></a>', registry });
    await model.execute();
    expect(model.getStatus()).toEqual(jasmine.any(LoadFailedStatus));
    expect(model.getFailureReason()).toContain('Malformed XML');
  });

  it('fetchData resolves with the provider, joins a running load, and reloads when forced', async () => {
    let loads = 0;
    const model = new SimpleModel({ url: 'u', registry, loader: async () => (loads++, ordersWrs()) });
    const [a, b] = await Promise.all([model.fetchData(), model.fetchData()]);
    expect(a).toBe(model);
    expect(b).toBe(model);
    expect(loads).toBe(1);
    await model.fetchData();
    expect(loads).toBe(1);
    await model.fetchData(true);
    expect(loads).toBe(2);
    await model.fetchData({ forced: true });
    expect(loads).toBe(3);
  });

  it('fetchData waits for the load it starts when that load sets its first status only after an await', async () => {
    // A provider of an app whose doExecute awaits before any status: the current status is the last load's until then.
    class LateStatus extends DataProvider {
      readonly answers: (() => Promise<string>)[] = [];
      constructor() {
        super({ registry });
      }
      protected async doExecute(current: () => boolean): Promise<void> {
        const text = await this.answers.shift()!();
        if (!current()) return;
        this.setData(parseXml(text));
        this.setStatus(this.transformedStatus);
      }
    }
    const model = new LateStatus();
    model.answers.push(() => Promise.reject(new WrsError('LOAD_FAILED', 'HTTP 503')));
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    model.answers.push(() => Promise.resolve('<one/>'));
    // Not rejected with the failure of the load before: it waits for the new one.
    expect((await model.fetchData()).getData()!.documentElement.localName).toBe('one');
    let arrive!: (text: string) => void;
    model.answers.push(() => new Promise<string>((resolve) => (arrive = resolve)));
    let forcedGot: string | null = null;
    const forced = model.fetchData(true).then((m) => (forcedGot = m.getData()!.documentElement.localName));
    await waitFor(() => arrive);
    // Not resolved with the data of the load before.
    expect(forcedGot).toBeNull();
    arrive('<two/>');
    await forced;
    expect(forcedGot as string | null).toBe('two');
  });

  it('fetchData settles when the load it starts ends leaving a failure status as it was', async () => {
    // A provider that does not retry once failed (as a destroyed grid): the load ends at once, nothing changes.
    class FailsOnce extends DataProvider {
      constructor() {
        super({ registry });
      }
      protected doExecute(): void {
        if (this.hasFailed()) return;
        this.setStatus(this.loadingStatus);
        throw new WrsError('LOAD_FAILED', 'gone');
      }
    }
    const model = new FailsOnce();
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED', details: jasmine.objectContaining({ status: 'LoadFailedStatus' }) }));
    await expectAsync(model.fetchData(true)).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
  });

  it('a superseded load does not overwrite the newer one', async () => {
    const { loader, calls } = deferredLoader();
    const model = new SimpleModel({ url: 'u', loader, registry });
    const first = model.execute();
    const second = model.execute(true);
    calls[1].resolve(ordersWrs().replace('Anna', 'Second'));
    await second;
    calls[0].resolve(ordersWrs().replace('Anna', 'First'));
    await first;
    expect(model.read("/*/wrs:Data/*[@id='R1']/wrs:C[1]")).toBe('Second');
  });

  it('addStatusListener hears transitions (function, listener object, param map) and removeStatusListener stops it', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    const byFn: string[] = [];
    const byObject: string[] = [];
    const fn = (e: StatusEvent) => byFn.push(e.status.name);
    const object = { statusTransitionHandler: (e: StatusEvent) => byObject.push(e.status.name) };
    model.addStatusListener(fn);
    model.addStatusListener(object);
    await model.execute();
    expect(byFn).toEqual(['LoadingStatus', 'TransformedStatus']);
    expect(byObject).toEqual(['LoadingStatus', 'TransformedStatus']);
    model.removeStatusListener(fn);
    model.removeStatusListener({ listener: object });
    await model.execute(true);
    expect(byFn.length).toBe(2);
    expect(byObject.length).toBe(2);
  });

  it('a status filter calls at once when that status is current, unless onlyFuture; onlyOnce calls once', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const now: Status[] = [];
    const future: Status[] = [];
    const once: Status[] = [];
    model.addStatusListener({ listener: (e) => now.push(e.status), status: model.transformedStatus });
    model.addStatusListener({ listener: (e) => future.push(e.status), status: TransformedStatus, onlyFuture: true });
    model.addStatusListener({ listener: (e) => once.push(e.status), status: LoadingStatus, onlyOnce: true });
    expect(now.length).toBe(1);
    expect(future.length).toBe(0);
    await model.execute(true);
    await model.execute(true);
    expect(now.length).toBe(3);
    expect(future.length).toBe(2);
    expect(once.length).toBe(1);
  });

  it('onlyOnce for the status that is current calls once, not again on the next time it comes', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const once: Status[] = [];
    model.addStatusListener({ listener: (e) => once.push(e.status), status: TransformedStatus, onlyOnce: true });
    expect(once.length).toBe(1);
    await model.execute(true);
    expect(once.length).toBe(1);
  });

  it('an onlyOnce listener that ran drops only its own registration, not the same function added without onlyOnce', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    const heard: string[] = [];
    const listener = (e: StatusEvent) => heard.push(e.status.name);
    model.addStatusListener(listener);
    model.onceReady(listener);
    await model.execute();
    await model.execute(true);
    expect(heard).toEqual(['LoadingStatus', 'TransformedStatus', 'TransformedStatus', 'LoadingStatus', 'TransformedStatus']);
    model.removeStatusListener(listener);
    await model.execute(true);
    expect(heard.length).toBe(5);
  });

  it('a status set by a listener follows the one being delivered: every subscriber sees the same order, the last is current', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    const first: string[] = [];
    const later: string[] = [];
    model.status$.subscribe((s) => {
      first.push(s.name);
      if (s instanceof TransformedStatus) model.markSaveFailed('refused');
    });
    model.status$.subscribe((s) => later.push(s.name));
    await model.execute();
    expect(first).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformedStatus', 'SaveFailedStatus']);
    expect(later).toEqual(first);
    expect(model.getStatus().name).toBe('SaveFailedStatus');
  });

  it('onReady runs on each ready status, onceReady once; executeIfNotReady starts loading; onlyFuture skips the current', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    let ready = 0;
    let once = 0;
    model.onReady(() => ready++);
    model.onceReady({ onSuccess: () => once++, executeIfNotReady: true });
    expect(model.isReady()).toBeTrue();
    expect(ready).toBe(1);
    expect(once).toBe(1);
    let future = 0;
    let immediate = 0;
    model.onReady({ onSuccess: () => future++, onlyFuture: true });
    model.onceReady(() => immediate++);
    expect(future).toBe(0);
    expect(immediate).toBe(1);
    await model.execute(true);
    expect(ready).toBe(2);
    expect(once).toBe(1);
    expect(future).toBe(1);
    expect(immediate).toBe(1);
  });

  it('onReady and onceReady run at once after a save (SavedStatus and SaveFailedStatus are ready), without loading again', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const calls: string[] = [];
    model.markSaved();
    model.onReady(({ status }) => calls.push(`ready ${status.name}`));
    model.onceReady({ onSuccess: ({ status }) => calls.push(`once ${status.name}`), executeIfNotReady: true });
    model.markSaveFailed('409');
    model.onceReady(({ status }) => calls.push(`once ${status.name}`));
    expect(calls).toEqual(['ready SavedStatus', 'once SavedStatus', 'once SaveFailedStatus']);
    expect(model.getStatus().name).toBe('SaveFailedStatus');
  });

  it('onceReady without executeIfNotReady waits for someone else to load', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    let called = 0;
    model.onceReady(() => called++);
    expect(model.getStatus()).toBe(model.initializedStatus);
    await model.execute();
    expect(called).toBe(1);
  });

  it('fire() closes a change set: onChange listeners and changes$ get the nodes and rows of it', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const sets: ChangeSet[] = [];
    const streamed: ChangeSet[] = [];
    model.onChange((cs) => sets.push(cs));
    model.changes$.subscribe((cs) => streamed.push(cs));
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '4');
    model.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '6');
    expect(model.hasUncommittedWrites()).toBeTrue();
    expect(sets.length).toBe(0);
    model.fire();
    expect(model.hasUncommittedWrites()).toBeFalse();
    expect(sets.length).toBe(1);
    expect(streamed.length).toBe(1);
    expect(sets[0].rowIds).toEqual(['R1', 'R2']);
    expect(sets[0].nodes.length).toBe(2);
    expect(sets[0].sequence).toBe(1);
    model.write("/*/wrs:Data/*[@id='R3']/wrs:C[2]", '8', true);
    expect(sets.length).toBe(2);
    expect(sets[1].rowIds).toEqual(['R3']);
  });

  it('a change set fired by a listener reaches every listener after the one being delivered, in sequence', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const first: number[] = [];
    const second: number[] = [];
    const streamed: number[] = [];
    model.onChange((cs) => {
      first.push(cs.sequence);
      if (cs.sequence === 1) model.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '9', true);
    });
    model.onChange((cs) => second.push(cs.sequence));
    model.changes$.subscribe((cs) => streamed.push(cs.sequence));
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '4', true);
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([1, 2]);
    expect(streamed).toEqual([1, 2]);
  });

  it('a change listener removed by another while a change set is delivered is not called for it', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const heard: string[] = [];
    model.onChange({ id: 'first', callback: () => (heard.push('first'), model.removeDataListener('second')) });
    model.onChange({ id: 'second', callback: () => heard.push('second') });
    model.fire();
    model.fire();
    expect(heard).toEqual(['first', 'first']);
  });

  it('a listener that throws does not keep the change set from the others; the error reaches the caller of fire()', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const heard: number[] = [];
    const streamed: number[] = [];
    model.onChange(() => {
      throw new Error('listener broke');
    });
    model.onChange((cs) => heard.push(cs.sequence));
    model.changes$.subscribe((cs) => streamed.push(cs.sequence));
    expect(() => model.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '4', true)).toThrowError('listener broke');
    expect(heard).toEqual([1]);
    expect(streamed).toEqual([1]);
    expect(model.read("/*/wrs:Data/*[@id='R1']/wrs:C[2]")).toBe('4');
  });

  it('onChange with a trackingXPath runs only when the nodes at that XPath changed', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    let r1 = 0;
    let r2 = 0;
    model.onChange(() => r1++, "/*/wrs:Data/*[@id='R1']");
    model.onChange({ callback: () => r2++, trackingXPath: "/*/wrs:Data/*[@id='R2']/wrs:C[1]" });
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '10', true);
    expect([r1, r2]).toEqual([1, 0]);
    model.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '11', true);
    expect([r1, r2]).toEqual([1, 0]);
    model.write("/*/wrs:Data/*[@id='R2']/wrs:C[1]", 'Berta', true);
    expect([r1, r2]).toEqual([1, 1]);
    model.fire();
    expect([r1, r2]).toEqual([1, 1]);
  });

  it('removeDataListener removes by id, by function and by param object', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry });
    await model.execute();
    const calls: string[] = [];
    const fnB = () => calls.push('b');
    const fnC = () => calls.push('c');
    const idA = model.onChange(() => calls.push('a'));
    model.onChange(fnB);
    model.onChange({ callback: fnC, id: 'listener-c' });
    model.fire();
    expect(calls).toEqual(['a', 'b', 'c']);
    model.removeDataListener(idA);
    model.removeDataListener(fnB);
    model.fire();
    expect(calls).toEqual(['a', 'b', 'c', 'c']);
    model.removeDataListener({ id: 'listener-c' });
    model.fire();
    expect(calls.length).toBe(4);
  });

  it('debugStatus begins with the status name and debugIsWaitingFor lists not-ready dependencies', async () => {
    const model = new StaticModel({ data: ordersWrs(), registry, id: 'main' });
    const param = new StaticModel({ data: '<x/>', registry, id: 'param' });
    expect(model.addDataProvider(param, 'p')).toBeNull();
    expect(model.debugStatus()).toMatch(/^InitializedStatus/);
    expect(model.debugIsWaitingFor()).toContain('p (param): InitializedStatus');
    await param.execute();
    expect(model.debugIsWaitingFor()).toBe('');
    const other = new StaticModel({ data: '<y/>', registry });
    expect(model.addDataProvider(other, 'p')).toBe(param);
    expect(model.getDataProviderByName('p')).toBe(other);
  });

  it('getters: name, primary model, target html, serialize', async () => {
    const primary = new StaticModel({ data: '<x/>', registry });
    const model = new StaticModel({ data: '<root><a>1</a></root>', registry, id: 'm1', name: 'orders' });
    expect(model.getName()).toBe('orders');
    model.setPrimaryModel(primary);
    expect(model.getPrimaryModel()).toBe(primary);
    expect(model.getTargetHtml()).toBeNull();
    const target = new StaticModel({ data: '<t/>', registry });
    await target.execute();
    model.setTargetHtml(target.getData()!.documentElement);
    expect(model.getTargetHtml()).toBe(target.getData()!.documentElement);
    expect(model.serialize()).toBeNull();
    await model.execute();
    expect(model.serialize()).toContain('<a>1</a>');
    expect(model.getData()!.documentElement.localName).toBe('root');
  });
});
