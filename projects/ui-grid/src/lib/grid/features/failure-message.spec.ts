import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, FetchWrsBackend, LoadFailedStatus, NS, SaveFailedStatus, SavedStatus, SimpleModel, StaticModel, WrsIndex } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../../core/testing/fixtures';
import { WRS_BACKEND } from '../../services/wrs-backend.token';
import { GridComponent } from '../grid.component';
import { GRID_MESSAGES, GRID_MESSAGES_DE, GRID_MESSAGES_EN, GridMessageTable } from './grid-messages';

const PEOPLE = () => wrsText([{ id: 'id', nullable: '0', isKey: true }, { id: 'name' }], [['1', 'Anna'], ['2', 'Bert'], ['3', 'Cleo']]);

/** How the fake server answers the save's POST. */
type Answer = (init: RequestInit) => Promise<Response>;

const answer = (status: number, body: string, statusText = ''): Answer => async () => new Response(body, { status, statusText });

/**
 * A grid with this message table over PEOPLE, rows 2 and 3 edited, saved through the real fetch backend to a server
 * answering with `save`: the status line, and the grid.
 */
async function failedSave(messages: GridMessageTable, save: Answer, timeoutMs?: number): Promise<{ message: string; grid: GridComponent }> {
  TestBed.resetTestingModule();
  const backend = new FetchWrsBackend({ fetch: ((_url: string, init: RequestInit) => save(init)) as unknown as typeof fetch, timeoutMs });
  TestBed.configureTestingModule({
    providers: [
      provideZonelessChangeDetection(),
      { provide: DataProviderRegistry, useValue: new DataProviderRegistry() },
      { provide: WRS_BACKEND, useValue: backend },
      { provide: GRID_MESSAGES, useValue: messages },
    ],
  });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  fixture.componentRef.setInput('inputModel', new StaticModel({ data: PEOPLE() }));
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  grid.tblUpdate({ rowId: 'R2', values: { name: 'Bo' } });
  grid.tblUpdate({ rowId: 'R3', values: { name: 'Cy' } });
  await grid.save();
  fixture.detectChanges();
  await fixture.whenStable();
  expect(grid.getStatus()).toBeInstanceOf(SaveFailedStatus);
  const message = (fixture.nativeElement as HTMLElement).querySelector('[data-test="message"]')!.textContent ?? '';
  return { message, grid };
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent save failures in the UI language (a sentence by kind, the server text after it)', () => {
  const CONFLICT = '<Error><Message>2 row(s) changed or deleted on the server since they were loaded: R2, R3; nothing was saved</Message><Row id="R2"/><Row id="R3"/></Error>';

  it('a conflict (409) names the rows in the grid and keeps the server text', async () => {
    const server = '2 row(s) changed or deleted on the server since they were loaded: R2, R3; nothing was saved (HTTP 409)';
    expect((await failedSave(GRID_MESSAGES_EN, answer(409, CONFLICT, 'Conflict'))).message).toBe(`Save failed: conflict with the data on the server at rows 2, 3: ${server}`);
    const { message, grid } = await failedSave(GRID_MESSAGES_DE, answer(409, CONFLICT, 'Conflict'));
    expect(message).toBe(`Speichern fehlgeschlagen: Konflikt mit den Daten auf dem Server bei Zeilen 2, 3: ${server}`);
    expect(WrsIndex.of(grid.getData()!).rows().map((r) => r.localName)).withContext('every change kept').toEqual(['R', 'M', 'M']);
  });

  it('changes the server refused (4xx) with its reason, with the rows it names or without', async () => {
    const row = '<Error><Message>Row R3: the database refused the row (value too long)</Message><Row id="R3"/></Error>';
    expect((await failedSave(GRID_MESSAGES_EN, answer(400, row))).message).toBe('Save failed: the server refused row 3: Row R3: the database refused the row (value too long) (HTTP 400)');
    expect((await failedSave(GRID_MESSAGES_DE, answer(400, row))).message).toBe('Speichern fehlgeschlagen: Der Server hat Zeile 3 abgelehnt: Row R3: the database refused the row (value too long) (HTTP 400)');
    expect((await failedSave(GRID_MESSAGES_EN, answer(403, 'not allowed'))).message).toBe('Save failed: the server refused the changes: not allowed (HTTP 403)');
    expect((await failedSave(GRID_MESSAGES_DE, answer(403, 'not allowed'))).message).toBe('Speichern fehlgeschlagen: Der Server hat die Änderungen abgelehnt: not allowed (HTTP 403)');
    expect((await failedSave(GRID_MESSAGES_DE, answer(422, ''))).message).withContext('no text of the server').toBe('Speichern fehlgeschlagen: Der Server hat die Änderungen abgelehnt (HTTP 422)');
  });

  it('an error of the server (5xx) with its reason', async () => {
    const body = '<Error><Message>internal error</Message></Error>';
    expect((await failedSave(GRID_MESSAGES_EN, answer(500, body))).message).toBe('Save failed: error on the server: internal error (HTTP 500)');
    expect((await failedSave(GRID_MESSAGES_DE, answer(503, body))).message).toBe('Speichern fehlgeschlagen: Fehler auf dem Server: internal error (HTTP 503)');
  });

  it('no answer in time or no connection: the changes may have been saved, so it says to load again first', async () => {
    const never: Answer = (init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    expect((await failedSave(GRID_MESSAGES_EN, never, 50)).message).toBe('Save not confirmed: no answer from the server in 50 ms. The changes may have been saved all the same: load the data again before saving them once more');
    const timedOut = await failedSave(GRID_MESSAGES_DE, never, 1000);
    expect(timedOut.message).toBe('Speichern nicht bestätigt: keine Antwort vom Server in 1 s. Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden');
    expect(WrsIndex.of(timedOut.grid.getData()!).rows().map((r) => r.localName)).withContext('every change kept').toEqual(['R', 'M', 'M']);
    const unreachable: Answer = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await failedSave(GRID_MESSAGES_DE, unreachable)).message).toBe('Speichern nicht bestätigt: keine Antwort vom Server. Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden');
    expect((await failedSave(GRID_MESSAGES_EN, unreachable)).message).toBe('Save not confirmed: no answer from the server. The changes may have been saved all the same: load the data again before saving them once more');
  });

  it('a proxy answering 504 or 502: the server behind it may have saved, so it says to load again first; a 503 is an error of the server', async () => {
    const page = (title: string) => `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`;
    const timedOut = await failedSave(GRID_MESSAGES_DE, answer(504, page('504 Gateway Time-out'), 'Gateway Timeout'));
    expect(timedOut.message).toBe(
      'Speichern nicht bestätigt: Der Server hat über den Proxy nicht geantwortet: 504 Gateway Time-out (HTTP 504). Die Änderungen sind vielleicht trotzdem gespeichert: die Daten neu laden, bevor sie noch einmal gespeichert werden',
    );
    expect(WrsIndex.of(timedOut.grid.getData()!).rows().map((r) => r.localName)).withContext('every change kept').toEqual(['R', 'M', 'M']);
    expect(timedOut.grid.getFailureReason()).toContain('The server may have saved the changes all the same');
    const badGateway = await failedSave(GRID_MESSAGES_EN, answer(502, page('502 Bad Gateway'), 'Bad Gateway'));
    expect(badGateway.message).toBe(
      'Save not confirmed: the server did not answer through the proxy: 502 Bad Gateway (HTTP 502). The changes may have been saved all the same: load the data again before saving them once more',
    );
    expect(document.querySelectorAll('.ui-grid-row-failed').length).withContext('no row marked as refused').toBe(0);
    expect((await failedSave(GRID_MESSAGES_DE, answer(503, page('503 Service Temporarily Unavailable')))).message).toBe(
      'Speichern fehlgeschlagen: Fehler auf dem Server: 503 Service Temporarily Unavailable (HTTP 503)',
    );
  });

  it('a web page instead of a save result (a login page) with its title', async () => {
    const page = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>…</body></html>';
    expect((await failedSave(GRID_MESSAGES_EN, answer(200, page))).message).toBe('Save failed: the server answered with a web page, not a save result (a login page?): Sign in');
    expect((await failedSave(GRID_MESSAGES_DE, answer(200, page))).message).toBe('Speichern fehlgeschlagen: Der Server hat mit einer Webseite statt eines Speicherergebnisses geantwortet (einer Anmeldeseite?): Sign in');
  });

  it('an app table written before these keys still compiles and reads their English text', async () => {
    const { saveConflict, saveConflictAt, saveRefused, saveRefusedAt, saveServerError, saveServerErrorAt, saveNotASaveAnswer, saveNoAnswer, saveNoAnswerIn, saveNoAnswerViaProxy, ...older } = GRID_MESSAGES_DE;
    expect([saveConflict, saveConflictAt, saveRefused, saveRefusedAt, saveServerError, saveServerErrorAt, saveNotASaveAnswer, saveNoAnswer, saveNoAnswerIn, saveNoAnswerViaProxy].every((t) => typeof t === 'string')).toBeTrue();
    const table: GridMessageTable = older;
    expect((await failedSave(table, answer(409, CONFLICT))).message).toBe(
      'Save failed: conflict with the data on the server at Zeilen 2, 3: 2 row(s) changed or deleted on the server since they were loaded: R2, R3; nothing was saved (HTTP 409)',
    );
  });
});

/** The grid's configuration for a load from the backend: the people binding set, both columns. */
const PEOPLE_CONFIG = () =>
  new StaticModel({
    data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
  });

/**
 * A grid with this message table loading PEOPLE_CONFIG through the real fetch backend from a server that answers its
 * POSTs in turn with `answers` (loads and saves alike), until the grid's status is ready or failed.
 */
async function backendGrid(messages: GridMessageTable, answers: Answer[], timeoutMs?: number) {
  TestBed.resetTestingModule();
  const fetch = ((_url: string, init: RequestInit) => answers.shift()!(init)) as unknown as typeof globalThis.fetch;
  TestBed.configureTestingModule({
    providers: [
      provideZonelessChangeDetection(),
      { provide: DataProviderRegistry, useValue: new DataProviderRegistry() },
      { provide: WRS_BACKEND, useValue: new FetchWrsBackend({ fetch, timeoutMs }) },
      { provide: GRID_MESSAGES, useValue: messages },
    ],
  });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  fixture.componentRef.setInput('config', PEOPLE_CONFIG());
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  fixture.detectChanges();
  await fixture.whenStable();
  const message = () => (fixture.nativeElement as HTMLElement).querySelector('[data-test="message"]')!.textContent ?? '';
  return { grid, fixture, message };
}

/** The status line after a load answered with `load`; the load must have failed. */
async function failedLoad(messages: GridMessageTable, load: Answer, timeoutMs?: number): Promise<string> {
  const { grid, message } = await backendGrid(messages, [load], timeoutMs);
  expect(grid.getStatus()).toBeInstanceOf(LoadFailedStatus);
  return message();
}

describe('GridComponent load failures in the UI language (a sentence by kind, the server text after it)', () => {
  const never: Answer = (init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
  const unreachable: Answer = async () => Promise.reject(new TypeError('Failed to fetch'));

  it('a request the server refused (4xx) with its reason', async () => {
    expect(await failedLoad(GRID_MESSAGES_EN, answer(403, 'not allowed', 'Forbidden'))).toBe('Loading failed: the server refused the request: not allowed (HTTP 403)');
    expect(await failedLoad(GRID_MESSAGES_DE, answer(403, 'not allowed', 'Forbidden'))).toBe('Laden fehlgeschlagen: Der Server hat die Anfrage abgelehnt: not allowed (HTTP 403)');
    const unknown = '<Error status="400"><Message>Unknown column "x"</Message></Error>';
    expect(await failedLoad(GRID_MESSAGES_DE, answer(400, unknown))).toBe('Laden fehlgeschlagen: Der Server hat die Anfrage abgelehnt: Unknown column "x" (HTTP 400)');
  });

  it('an error of the server (5xx) with its reason, a proxy error page by its title', async () => {
    const body = '<Error><Message>relation "people" does not exist</Message></Error>';
    expect(await failedLoad(GRID_MESSAGES_EN, answer(500, body))).toBe('Loading failed: error on the server: relation "people" does not exist (HTTP 500)');
    expect(await failedLoad(GRID_MESSAGES_DE, answer(500, body))).toBe('Laden fehlgeschlagen: Fehler auf dem Server: relation "people" does not exist (HTTP 500)');
    const nginx = '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503</h1></body></html>';
    expect(await failedLoad(GRID_MESSAGES_DE, answer(503, nginx))).toBe('Laden fehlgeschlagen: Fehler auf dem Server: 503 Service Temporarily Unavailable (HTTP 503)');
  });

  it('an inputModel that fails to load tells its kind as well: the error of its loader travels as the cause of the failure status', async () => {
    let next: () => Promise<Response> = async () => new Response('');
    spyOn(globalThis, 'fetch').and.callFake(() => next());
    const inputFailure = async (messages: GridMessageTable): Promise<string> => {
      TestBed.resetTestingModule();
      TestBed.configureTestingModule({
        providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }, { provide: GRID_MESSAGES, useValue: messages }],
      });
      const fixture = TestBed.createComponent(GridComponent);
      fixture.componentRef.setInput('inputModel', new SimpleModel({ url: 'people.xml', registry: new DataProviderRegistry() }));
      document.body.appendChild(fixture.nativeElement);
      fixture.detectChanges();
      await firstValueFrom(fixture.componentInstance.status$.pipe(filter((s) => s.isFailure)));
      fixture.detectChanges();
      await fixture.whenStable();
      return (fixture.nativeElement as HTMLElement).querySelector('[data-test="message"]')!.textContent ?? '';
    };
    next = async () => new Response('<html><head><title>Forbidden</title></head></html>', { status: 403, statusText: 'Forbidden' });
    expect(await inputFailure(GRID_MESSAGES_DE)).toBe('Laden fehlgeschlagen: Der Server hat die Anfrage abgelehnt: Forbidden (HTTP 403)');
    expect(await inputFailure(GRID_MESSAGES_EN)).toBe('Loading failed: the server refused the request: Forbidden (HTTP 403)');
    next = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await inputFailure(GRID_MESSAGES_DE)).toBe('Laden fehlgeschlagen: keine Antwort vom Server: Failed to fetch');
  });

  it('a web page instead of a Wrs (a login page a redirect led to) with its title', async () => {
    const login = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign in</title></head><body><form></body></html>';
    expect(await failedLoad(GRID_MESSAGES_EN, answer(200, login))).toBe('Loading failed: the server answered with a web page, not data (a login page?): Sign in');
    expect(await failedLoad(GRID_MESSAGES_DE, answer(200, login))).toBe('Laden fehlgeschlagen: Der Server hat mit einer Webseite statt Daten geantwortet (einer Anmeldeseite?): Sign in');
  });

  it("malformed XML with the parser's own text, and XML that is not a Wrs with its root", async () => {
    const cut = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns>`;
    expect(await failedLoad(GRID_MESSAGES_DE, answer(200, cut))).toMatch(/^Laden fehlgeschlagen: Die Antwort des Servers ist kein wohlgeformtes XML: Malformed XML\b.+/);
    expect(await failedLoad(GRID_MESSAGES_EN, answer(200, cut))).toMatch(/^Loading failed: the answer of the server is not well-formed XML: Malformed XML\b.+/);
    expect(await failedLoad(GRID_MESSAGES_DE, answer(200, '<Other xmlns="urn:x"/>'))).toBe('Laden fehlgeschlagen: Die Antwort des Servers ist kein Wrs: {urn:x}Other');
    expect(await failedLoad(GRID_MESSAGES_EN, answer(200, '<Other xmlns="urn:x"/>'))).toBe('Loading failed: the answer of the server is not a Wrs: {urn:x}Other');
  });

  it("no answer: no connection with the transport's text, or none in the backend's timeoutMs", async () => {
    expect(await failedLoad(GRID_MESSAGES_EN, unreachable)).toBe('Loading failed: no answer from the server: Failed to fetch');
    expect(await failedLoad(GRID_MESSAGES_DE, unreachable)).toBe('Laden fehlgeschlagen: keine Antwort vom Server: Failed to fetch');
    expect(await failedLoad(GRID_MESSAGES_EN, never, 50)).toBe('Loading failed: no answer from the server in 50 ms');
    expect(await failedLoad(GRID_MESSAGES_DE, never, 1000)).toBe('Laden fehlgeschlagen: keine Antwort vom Server in 1 s');
    const proxy = '<html><head><title>504 Gateway Time-out</title></head><body></body></html>';
    expect(await failedLoad(GRID_MESSAGES_DE, answer(504, proxy))).withContext('a proxy that got none').toBe('Laden fehlgeschlagen: keine Antwort vom Server: 504 Gateway Time-out (HTTP 504)');
  });

  it('a save that went through and a reload after it that failed: saved, and the reload failure by kind', async () => {
    const wrs = () => answer(200, PEOPLE());
    const saved = async (messages: GridMessageTable, reload: Answer) => {
      const { grid, fixture, message } = await backendGrid(messages, [wrs(), answer(200, ''), reload]);
      expect(grid.getStatus().name).toBe('TransformedStatus');
      grid.tblUpdate({ rowId: 'R2', values: { name: 'Bo' } });
      await grid.save();
      fixture.detectChanges();
      await fixture.whenStable();
      expect(grid.getStatus()).toBeInstanceOf(SavedStatus);
      expect(WrsIndex.of(grid.getData()!).rows().map((r) => r.localName)).withContext('the saved change committed').toEqual(['R', 'R', 'R']);
      return message();
    };
    const body = '<Error><Message>database restarting</Message></Error>';
    expect(await saved(GRID_MESSAGES_DE, answer(503, body))).toBe('Gespeichert; Neuladen fehlgeschlagen: Fehler auf dem Server: database restarting (HTTP 503)');
    expect(await saved(GRID_MESSAGES_EN, answer(503, body))).toBe('Saved; reloading failed: error on the server: database restarting (HTTP 503)');
    expect(await saved(GRID_MESSAGES_DE, unreachable)).toBe('Gespeichert; Neuladen fehlgeschlagen: keine Antwort vom Server: Failed to fetch');
  });

  it('an app table written before the load keys still compiles and reads their English text', async () => {
    const { loadRefused, loadServerError, loadWebPage, loadNotXml, loadNotWrs, loadNoAnswer, loadNoAnswerIn, ...older } = GRID_MESSAGES_DE;
    expect([loadRefused, loadServerError, loadWebPage, loadNotXml, loadNotWrs, loadNoAnswer, loadNoAnswerIn].every((t) => typeof t === 'string')).toBeTrue();
    const table: GridMessageTable = older;
    expect(await failedLoad(table, answer(500, 'boom'))).toBe('Laden fehlgeschlagen: error on the server: boom (HTTP 500)');
  });
});
