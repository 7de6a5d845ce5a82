import { WrsError } from '../errors';
import { domName } from '../../testing/fixtures';
import { fetchXmlLoader } from './xml-loader';

describe(`fetchXmlLoader (${domName()})`, () => {
  it('names an HTML error page by its title, not by its whole markup', async () => {
    const page = '<!DOCTYPE html><html lang="en"><head><title>Cannot GET /missing.xml</title></head><body><pre>Cannot GET /missing.xml</pre></body></html>';
    spyOn(globalThis, 'fetch').and.returnValue(Promise.resolve(new Response(page, { status: 404, statusText: 'Not Found' })));
    const error = await fetchXmlLoader('missing.xml').then(() => null, (e: unknown) => e);
    expect(error instanceof WrsError && error.code).toBe('LOAD_FAILED');
    expect((error as WrsError).message).toBe('HTTP 404 Not Found from missing.xml: Cannot GET /missing.xml');
    expect((error as WrsError).details).toEqual({ status: 404 });
  });
});
