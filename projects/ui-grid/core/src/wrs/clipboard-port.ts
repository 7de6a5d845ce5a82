import { WrsError } from '../errors';

/** Where copy writes and paste reads text: the system clipboard in browsers, anything in Node or tests. */
export interface ClipboardPort {
  writeText(text: string): Promise<void> | void;
  readText(): Promise<string> | string;
}

/** The browser's asynchronous clipboard (`navigator.clipboard`), or null where there is none. */
export function browserClipboard(): ClipboardPort | null {
  const clipboard = (globalThis as { navigator?: { clipboard?: Clipboard } }).navigator?.clipboard;
  if (!clipboard) return null;
  return {
    writeText: (text) => clipboard.writeText(text),
    readText: () => clipboard.readText(),
  };
}

/** A CLIPBOARD error for an operation that needs a clipboard when none is given and none is available. */
export function noClipboard(operation: string): WrsError {
  return new WrsError('CLIPBOARD', `${operation} needs a clipboard: pass { clipboard } to WrsUtil (none is available here)`, operation);
}
