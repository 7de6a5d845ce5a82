import { FetchWrsBackend } from './fetch-wrs-backend';
import { WrsBackend } from './wrs-backend';

let current: WrsBackend | null = null;

/** The backend used where none is given: a FetchWrsBackend with the default urls unless replaced. */
export function getDefaultWrsBackend(): WrsBackend {
  current ??= new FetchWrsBackend();
  return current;
}

/** Replaces the default backend (null restores the fetch-based one). */
export function setDefaultWrsBackend(backend: WrsBackend | null): void {
  current = backend;
}
