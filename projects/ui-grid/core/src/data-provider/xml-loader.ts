import { WrsError } from '../errors';
import { errorReason } from '../xml/error-answer';

/** Fetches XML text for a url; a pluggable seam so providers load in the browser, in Node and in tests alike. */
export type XmlLoader = (url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) => Promise<string>;

/** The default loader: `fetch`, with a non-2xx answer as a LOAD_FAILED error naming the url and status. */
export const fetchXmlLoader: XmlLoader = async (url, init) => {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new WrsError('LOAD_FAILED', `Cannot reach ${url}: ${reason}`, url, { noAnswer: true, reason });
  }
  const body = await response.text();
  if (!response.ok) {
    // An error page is named by its title, not pasted whole into the reason.
    const reason = errorReason(body).trim();
    const detail = reason ? `: ${reason.slice(0, 300)}` : '';
    throw new WrsError('LOAD_FAILED', `HTTP ${response.status} ${response.statusText} from ${url}${detail}`, url, { status: response.status, reason: reason.slice(0, 300) || response.statusText });
  }
  return body;
};

let defaultLoader: XmlLoader = fetchXmlLoader;

/** Replaces the loader providers use when none is given (null restores fetch). */
export function setDefaultXmlLoader(loader: XmlLoader | null): void {
  defaultLoader = loader ?? fetchXmlLoader;
}

export function getDefaultXmlLoader(): XmlLoader {
  return defaultLoader;
}
