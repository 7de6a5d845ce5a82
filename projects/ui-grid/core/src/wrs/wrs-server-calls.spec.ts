import { WrsError } from '../errors';
import type { WrsBackend } from '../backend/wrs-backend';
import { setDefaultWrsBackend } from '../backend/default-wrs-backend';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { SimpleModel } from '../data-provider/simple-model';
import { parseXml, serializeXml } from '../xml/dom';
import { domName, ordersWrs } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { WrsUtil } from './wrs-util';
import { NextIdentifierResult } from './wrs-util-args';
import { MemoryServer, rejected, setup } from '../../testing/wrs-util-harness';

describe(`WrsUtil server round trip (${domName()})`, () => {
  it('saveModel sends only I, M and D rows; afterwards the document is what the server holds', async () => {
    const { util, model, server, shapes, fired } = setup();
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    util.deleteRows({ model, rowStartPos: 2 });
    util.insertRow({ model, rowStartPos: 3, insertBeforeSelection: false, fn: ({ rowIds }) => util.setCellValue(model, rowIds[0], 'name', 'Dora') });
    let succeeded = false;
    await util.saveModel({ model, onSuccess: () => (succeeded = true) });
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE', 'D R2 Bert|5|FR', 'I I_1_R3 Dora|0|~']]);
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'R R3 Cleo|7|~', 'R I_1_R3 Dora|0|~']);
    expect([...server.rows.keys()]).toEqual(['R1', 'R3', 'I_1_R3']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus']);
    expect(model.isSaved()).toBeTrue();
    expect(succeeded).toBeTrue();
    expect(fired[fired.length - 1]).toEqual(['R1', 'R2', 'I_1_R3']);
    expect(util.restoreRow(model, 'R1')).toBeFalse();
  });

  it('a save answered while the model reloads leaves the load its statuses: no Saved in between, no edit taken for the old data', async () => {
    const registry = new DataProviderRegistry();
    let release: (() => void) | null = null;
    let loads = 0;
    const loader = async () => {
      if (loads++ > 0) await new Promise<void>((resolve) => (release = resolve));
      return ordersWrs();
    };
    const model = new SimpleModel({ url: 'orders.xml', loader, registry });
    await model.fetchData();
    const server = new MemoryServer(parseXml(ordersWrs()));
    const util = new WrsUtil({ registry, backend: server });
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model });
    const reloading = model.execute(true);
    await saving;
    expect(model.getStatus().name).toBe('LoadingStatus');
    expect(() => util.setCellValue(model, 'R2', 'qty', '9')).toThrowMatching((e) => e instanceof WrsError && e.code === 'NOT_READY');
    release!();
    await reloading;
    expect(statuses).toEqual(['TransformedStatus', 'LoadingStatus', 'TransformedStatus']);
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE']]);
  });

  it('a conflict leaves the document and its history untouched and sets SaveFailedStatus with the reason', async () => {
    const { util, model, server, doc } = setup();
    server.rows.set('R2', ['Bert', '6', 'FR']);
    util.setCellValue(model, 'R2', 'qty', '9');
    util.setCellValue(model, 'R1', 'qty', '1');
    const before = serializeXml(doc);
    const error = await rejected(util.saveModel({ model }), 'SAVE_CONFLICT');
    expect(error.message).toContain('R2');
    expect(serializeXml(doc)).toBe(before);
    expect(model.getStatus().name).toBe('SaveFailedStatus');
    expect(model.getFailureReason()).toContain('409');
    expect(server.rows.get('R1')).toEqual(['Anna', '3', 'DE']);
    expect(util.restoreRow(model, 'R2')).toBeTrue();
    expect(rowShapes(doc)[1]).toBe('R R2 Bert|5|FR');
  });

  it('a server failure keeps every pending change; a later save sends them again', async () => {
    const { util, model, server, shapes } = setup();
    util.deleteRow(model, 'R3');
    server.failure = new WrsError('SAVE_FAILED', '500 database down');
    await rejected(util.saveModel({ model }), 'SAVE_FAILED');
    expect(model.getFailureReason()).toBe('500 database down');
    expect(shapes()[2]).toBe('D R3 Cleo|7|~');
    server.failure = null;
    await util.saveModel({ model });
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR']);
    expect(server.payloads.length).toBe(2);
  });

  it('a second save while one runs waits for it and sends only what changed since: no row is sent twice', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.insertRow({ model, rowStartPos: 3, insertBeforeSelection: false });
    const first = util.saveModel({ model });
    const again = util.saveModel({ model });
    util.setCellValue(model, 'R2', 'qty', '9');
    const third = util.saveModel({ model });
    await Promise.all([first, again, third]);
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE', 'I I_1_R3 ~|0|~'], ['M R2 Bert|9|FR / Bert|5|FR']]);
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'R R2 Bert|9|FR', 'R R3 Cleo|7|~', 'R I_1_R3 ~|0|~']);
    expect(model.getStatus().name).toBe('SavedStatus');
  });

  it('a save waiting for a failed one sends the pending changes again; postWrs of the same document waits too', async () => {
    const { util, model, server, shapes, doc } = setup();
    util.deleteRow(model, 'R3');
    server.failure = new WrsError('SAVE_FAILED', '500 database down');
    const first = util.saveModel({ model });
    const second = util.postWrs(doc);
    await rejected(first, 'SAVE_FAILED');
    await rejected(second, 'SAVE_FAILED');
    expect(server.payloads).toEqual([['D R3 Cleo|7|~'], ['D R3 Cleo|7|~']]);
    server.failure = null;
    const third = util.saveModel({ model });
    const fourth = util.postWrs(doc);
    await Promise.all([third, fourth]);
    expect(server.payloads.length).toBe(3);
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR']);
  });

  it('saveModel with reload loads the data again after the save', async () => {
    const { util, model } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    await util.saveModel({ model, reload: true });
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus', 'LoadingStatus', 'TransformedStatus']);
  });

  it('saveModel with reload keeps changes made while the save ran: no reload replaces them, a later save sends them', async () => {
    const { util, model, server, shapes } = setup();
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model, reload: true });
    util.setCellValue(model, 'R2', 'name', 'Bea');
    await saving;
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'M R2 Bea|5|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus']);
    await util.saveModel({ model, reload: true });
    expect(server.payloads[1]).toEqual(['M R2 Bea|5|FR / Bert|5|FR']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus', 'SavedStatus', 'LoadingStatus', 'TransformedStatus']);
  });

  it('saveModel with reload keeps a write made while the save ran that waits for fire()', async () => {
    const { util, model, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model, reload: true });
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", {}, 'Anne');
    await saving;
    expect(model.getStatus().name).toBe('SavedStatus');
    expect(shapes()[0]).toBe('M R1 Anne|4|DE / Anna|4|DE');
  });

  it('an edit made while the save runs stays an M row with the sent values as originals', async () => {
    const { util, model, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model });
    util.setCellValue(model, 'R1', 'qty', '5');
    await saving;
    expect(shapes()[0]).toBe('M R1 Anna|5|DE / Anna|4|DE');
  });

  it('a row edited while the save runs is restored and deleted with the sent values, what the server now holds', async () => {
    for (const then of ['restore', 'delete', 'restoreRange', 'deleteRows']) {
      const { util, model, server, shapes } = setup();
      util.setCellValue(model, 'R1', 'qty', '4');
      const saving = util.saveModel({ model });
      util.setCellValue(model, 'R1', 'qty', '5');
      await saving;
      if (then === 'restore') util.restoreRow(model, 'R1');
      else if (then === 'delete') util.deleteRow(model, 'R1');
      else if (then === 'restoreRange') util.restore({ model, rowStartPos: 1, colStartPos: 1, colEndPos: 3 });
      else util.deleteRows({ model, rowStartPos: 1 });
      const expected = then.startsWith('restore') ? 'R R1 Anna|4|DE' : 'D R1 Anna|4|DE';
      expect(shapes()[0]).withContext(then).toBe(expected);
      expect(server.rows.get('R1')).withContext(then).toEqual(['Anna', '4', 'DE']);
    }
  });

  it('an M row deleted while the save runs becomes a D row holding the sent values; the next save deletes it', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R1', 'name', 'Anna2');
    const saving = util.saveModel({ model });
    expect(util.deleteRow(model, 'R1')).toBeTrue();
    await saving;
    expect(shapes()[0]).toBe('D R1 Anna2|3|DE');
    expect(server.rows.get('R1')).toEqual(['Anna2', '3', 'DE']);
    await util.saveModel({ model });
    expect(server.payloads[1]).toEqual(['D R1 Anna2|3|DE']);
    expect(server.rows.has('R1')).toBeFalse();
    expect(shapes()).toEqual(['R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
  });

  it('an I row removed while the save runs comes back as a D row (the server inserted it); the next save deletes it', async () => {
    const { util, model, server, shapes } = setup();
    let id = '';
    util.insertRow({ model, rowStartPos: 1, fn: ({ rowIds }) => (id = rowIds[0]) });
    util.setCellValue(model, id, 'name', 'Eve');
    const saving = util.saveModel({ model });
    expect(util.deleteRow(model, id)).toBeTrue();
    expect(shapes().length).toBe(3);
    await saving;
    expect(server.rows.get(id)).toEqual(['Eve', '0', null]);
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~', `D ${id} Eve|0|~`]);
    await util.saveModel({ model });
    expect(server.rows.has(id)).toBeFalse();
    expect(shapes().length).toBe(3);
  });

  it('a D row restored while the save runs becomes an I row (the server deleted it); the next save inserts it again', async () => {
    const { util, model, server, shapes } = setup();
    util.deleteRow(model, 'R2');
    const saving = util.saveModel({ model });
    expect(util.restoreRow(model, 'R2')).toBeTrue();
    await saving;
    expect(server.rows.has('R2')).toBeFalse();
    expect(shapes()[1]).toBe('I R2 Bert|5|FR');
    await util.saveModel({ model });
    expect(server.rows.get('R2')).toEqual(['Bert', '5', 'FR']);
    expect(shapes()[1]).toBe('R R2 Bert|5|FR');
  });

  it('an M row restored while the save runs stays M: the restored values against the sent ones', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R3', 'qty', '70');
    const saving = util.saveModel({ model });
    expect(util.restoreRow(model, 'R3')).toBeTrue();
    await saving;
    expect(shapes()[2]).toBe('M R3 Cleo|7|~ / Cleo|70|~');
    await util.saveModel({ model });
    expect(server.rows.get('R3')).toEqual(['Cleo', '7', null]);
    expect(shapes()[2]).toBe('R R3 Cleo|7|~');
  });

  it('postWrs sends a document’s changed rows and commits them', async () => {
    const { util, server } = setup();
    const doc = parseXml(ordersWrs());
    util.setCellValue(doc, 'R3', 'qty', '70');
    await util.postWrs(doc);
    expect(server.payloads).toEqual([['M R3 Cleo|70|~ / Cleo|7|~']]);
    expect(rowShapes(doc)[2]).toBe('R R3 Cleo|70|~');
    expect(server.rows.get('R3')).toEqual(['Cleo', '70', null]);
  });

  it('getNextIdentifier calls onErrorCb with BACKEND naming an answer that is no whole number a double holds', async () => {
    // The last answer is safe, but the first id of its block of 2 is not.
    for (const answer of [5.5, 2 ** 60, Number.NaN, Infinity, '7', Number.MIN_SAFE_INTEGER]) {
      const registry = new DataProviderRegistry();
      const util = new WrsUtil({ registry, backend: { nextIdentifier: async () => answer } as unknown as WrsBackend });
      const errors: WrsError[] = [];
      let succeeded = false;
      await util.getNextIdentifier({ scope: 'orders', blockSize: 2, onSuccessCb: () => (succeeded = true), onErrorCb: (e) => errors.push(e) });
      expect(succeeded).withContext(String(answer)).toBeFalse();
      expect(errors.map((e) => [e.code, e.input])).toEqual([['BACKEND', answer]]);
      expect(errors[0].message).toContain(`"orders": ${String(answer)}`);
    }
  });

  it('getNextIdentifier refuses a blockSize past 2^53 as INVALID_ARGUMENT before asking the server', async () => {
    const { util, server } = setup();
    await rejected(util.getNextIdentifier({ scope: 'orders', blockSize: 2 ** 60, onSuccessCb: () => undefined }), 'INVALID_ARGUMENT');
    expect(server.lastId).toBe(100);
  });

  it('saveModel without a backend of its own uses the default backend', async () => {
    const { model, server } = setup();
    const util = new WrsUtil({ registry: new DataProviderRegistry() });
    util.deleteRow(model, 'R1');
    setDefaultWrsBackend(server);
    try {
      await util.saveModel({ model });
    } finally {
      setDefaultWrsBackend(null);
    }
    expect(server.payloads).toEqual([['D R1 Anna|3|DE']]);
  });

  it('getNextIdentifier: a single id as nextIdentifier, a block as first/last with forEach', async () => {
    const { util } = setup();
    const results: NextIdentifierResult[] = [];
    await util.getNextIdentifier({ scope: 'orders', onSuccessCb: (r) => results.push(r) });
    await util.getNextIdentifier({ scope: 'orders', blockSize: 3, onSuccessCb: (r) => results.push(r) });
    expect(results[0].scope).toBe('orders');
    expect(results[0].isRange).toBeFalse();
    expect(results[0].nextIdentifier).toBe(101);
    expect(results[0].firstIdentifier).toBeUndefined();
    expect(results[1].isRange).toBeTrue();
    expect(results[1].firstIdentifier).toBe(102);
    expect(results[1].lastIdentifier).toBe(104);
    expect(results[1].nextIdentifier).toBeUndefined();
    const ids: number[] = [];
    results[1].forEach((id) => ids.push(id));
    expect(ids).toEqual([102, 103, 104]);
  });

  it('getNextIdentifier calls onErrorCb on failure and rejects bad block sizes', async () => {
    const { util, server } = setup();
    server.failure = new WrsError('BACKEND', '503');
    const errors: WrsError[] = [];
    let success = false;
    await util.getNextIdentifier({ scope: 'x', onSuccessCb: () => (success = true), onErrorCb: (e) => errors.push(e) });
    expect(success).toBeFalse();
    expect(errors.map((e) => e.message)).toEqual(['503']);
    await rejected(util.getNextIdentifier({ scope: 'x', onSuccessCb: () => undefined }), 'BACKEND');
    await rejected(util.getNextIdentifier({ scope: 'x', blockSize: 0, onSuccessCb: () => undefined }), 'INVALID_ARGUMENT');
  });

  it('getNextIdentifier hands bad arguments to onErrorCb when there is one, without asking the server', async () => {
    const { util, server } = setup();
    const errors: WrsError[] = [];
    await util.getNextIdentifier({ scope: '', onSuccessCb: () => fail('no ids for an empty scope'), onErrorCb: (e) => errors.push(e) });
    await util.getNextIdentifier({ scope: 'x', blockSize: 1.5, onSuccessCb: () => fail('no ids for 1.5'), onErrorCb: (e) => errors.push(e) });
    expect(errors.map((e) => [e.code, e.input])).toEqual([['INVALID_ARGUMENT', ''], ['INVALID_ARGUMENT', 1.5]]);
    expect(server.lastId).toBe(100);
  });
});
