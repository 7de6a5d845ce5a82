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

/** Path parts that lead from any object to `Function` or to prototypes, and runtime objects no chain step lives in. */
const REFUSED_PARTS = new Set(['constructor', 'prototype', '__proto__']);
const REFUSED_ROOTS = new Set(['process', 'require', 'module', 'Deno', 'Bun', 'globalThis', 'global', 'window', 'self', 'top', 'parent', 'frames']);

/**
 * Resolves `chain:Stylesheet/@jsProcFct`: a registered name, else a dotted path from the global object
 * (`myApp.chains.enrich`, methods of class instances included) that must end at a function written in JavaScript.
 * Nothing is evaluated. A chain document may come from a URL, so the name cannot reach what the application did not
 * put there: no `constructor`, `prototype` or `__proto__` (`constructor.constructor` is `Function`), no runtime
 * objects (`process.reallyExit` would end Node), no built-in functions.
 */
export function resolveJsProcFct(name: string): JsChainStep | null {
  const registered = functions.get(name);
  if (registered) return registered;
  const parts = name.split('.');
  if (REFUSED_ROOTS.has(parts[0])) return null;
  let at: unknown = globalThis;
  for (const part of parts) {
    if (at === null || (typeof at !== 'object' && typeof at !== 'function') || !/^[A-Za-z_$][\w$]*$/.test(part) || REFUSED_PARTS.has(part)) return null;
    at = (at as Record<string, unknown>)[part];
  }
  if (typeof at !== 'function' || /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(at))) return null;
  return at as JsChainStep;
}
