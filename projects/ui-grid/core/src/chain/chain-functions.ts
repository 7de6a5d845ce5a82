import { WrsError } from '../errors';
import { contextMenuChain } from './builtin/context-menu-chain';
import { requestChain } from './builtin/request-chain';
import { tooltipChain } from './builtin/tooltip-chain';
import type { JsChainStep } from './chain-definition';

const functions = new Map<string, JsChainStep>([
  ['gridTooltip.xslt', tooltipChain],
  ['contextMenu.xslt', contextMenuChain],
  ['requestChain', requestChain],
]);

/**
 * Registers a JS step under a name: a chain naming it (as a stylesheet URL or as `chain:Stylesheet/@jsProcFct`)
 * runs the function instead of fetching anything. Built-ins: `gridTooltip.xslt`, `contextMenu.xslt`, `requestChain`.
 */
export function registerChainFunction(name: string, fn: JsChainStep): void {
  if (typeof name !== 'string' || name === '') throw new WrsError('INVALID_ARGUMENT', 'A chain function needs a name', name);
  if (typeof fn !== 'function') throw new WrsError('INVALID_ARGUMENT', `Chain function "${name}" is not a function`, fn);
  functions.set(name, fn);
}

/** The function registered under a name, or null. */
export function chainFunction(name: string): JsChainStep | null {
  return functions.get(name) ?? null;
}

/**
 * Resolves `chain:Stylesheet/@jsProcFct`: a registered name, else a dotted path from the global object
 * (`myApp.chains.enrich`) that must end at a function. Nothing is evaluated.
 */
export function resolveJsProcFct(name: string): JsChainStep | null {
  const registered = functions.get(name);
  if (registered) return registered;
  let at: unknown = globalThis;
  for (const part of name.split('.')) {
    if (at === null || (typeof at !== 'object' && typeof at !== 'function') || !/^[A-Za-z_$][\w$]*$/.test(part)) return null;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === 'function' ? (at as JsChainStep) : null;
}
