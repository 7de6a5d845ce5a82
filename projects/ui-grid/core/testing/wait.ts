import { filter, firstValueFrom } from 'rxjs';
import { DataProvider } from '../src/data-provider/data-provider';

/**
 * Resolves once `condition()` holds, checking on each macrotask turn. Specs wait for what they need
 * (a request made, a status reached) instead of sleeping a fixed time that a loaded machine overruns;
 * a condition that never holds ends in Jasmine's spec timeout.
 */
export async function waitFor(condition: () => unknown): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Resolves when `provider` is in the status named `name`, now or later. */
export function statusReached(provider: DataProvider, name: string): Promise<unknown> {
  return firstValueFrom(provider.status$.pipe(filter((status) => status.name === name)));
}

/**
 * Answers every stylesheet request queued in `pending` with `text` until `done` settles, then returns `done`.
 * A run that asks again (a restart) is answered too, so a spec can count the requests afterwards.
 */
export async function answerUntilSettled<T>(done: Promise<T>, pending: ((text: string) => void)[], text: string): Promise<T> {
  let settled = false;
  done.then(() => (settled = true), () => (settled = true));
  while (!settled) {
    for (const answer of pending.splice(0)) answer(text);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return done;
}
