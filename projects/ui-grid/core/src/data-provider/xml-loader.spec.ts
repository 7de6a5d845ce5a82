import { WrsError } from '../errors';
import { domName } from '../../testing/fixtures';
import { DataProviderRegistry } from './data-provider';
import { SimpleModel } from './simple-model';
import { LoadFailedStatus } from './status';
import { fetchXmlLoader } from './xml-loader';

describe(`fetchXmlLoader (${domName()})`, () => {
  it('names an HTML error page by its title, not by its whole markup', async () => {
    const page = '<!DOCTYPE html><html lang="en"><head><title>Cannot GET /missing.xml</title></head><body><pre>Cannot GET /missing.xml</pre></body></html>';
    spyOn(globalThis, 'fetch').and.returnValue(Promise.resolve(new Response(page, { status: 404, statusText: 'Not Found' })));
    const error = await fetchXmlLoader('missing.xml').then(() => null, (e: unknown) => e);
    expect(error instanceof WrsError && error.code).toBe('LOAD_FAILED');
    expect((error as WrsError).message).toBe('HTTP 404 Not Found from missing.xml: Cannot GET /missing.xml');
    expect((error as WrsError).details).toEqual({ status: 404, reason: 'Cannot GET /missing.xml' });
  });

  it('says that no answer came when the server cannot be reached, with the transport text', async () => {
    spyOn(globalThis, 'fetch').and.returnValue(Promise.reject(new TypeError('Failed to fetch')));
    const error = await fetchXmlLoader('far.xml').then(() => null, (e: unknown) => e);
    expect((error as WrsError).message).toBe('Cannot reach far.xml: Failed to fetch');
    expect((error as WrsError).details).toEqual({ noAnswer: true, reason: 'Failed to fetch' });
  });

  it('a provider keeps what its loader raised: the failure status has it as cause, fetchData rejects with it as details.cause', async () => {
    spyOn(globalThis, 'fetch').and.returnValue(Promise.resolve(new Response('<html><head><title>Forbidden</title></head></html>', { status: 403, statusText: 'Forbidden' })));
    const model = new SimpleModel({ id: 'orders', url: 'orders.xml', registry: new DataProviderRegistry() });
    const error = await model.fetchData().then(() => null, (e: unknown) => e);
    const status = model.getStatus();
    expect(status).toBeInstanceOf(LoadFailedStatus);
    expect(status.cause instanceof WrsError && status.cause.details).toEqual({ status: 403, reason: 'Forbidden' });
    expect((error as WrsError).code).toBe('LOAD_FAILED');
    expect((error as WrsError).details?.['status']).toBe('LoadFailedStatus');
    expect((error as WrsError).details?.['cause']).toBe(status.cause);
  });
});
