import { SaxonXsltEngine } from './saxon-xslt-engine';
import type { XsltEngine } from './xslt-engine';

let engine: XsltEngine | null = null;

/** The engine chains use when none is given: one shared saxon-js engine, so each stylesheet is compiled once. */
export function defaultXsltEngine(): XsltEngine {
  engine ??= new SaxonXsltEngine();
  return engine;
}

/** Replaces the shared engine (for example a SaxonXsltEngine with another script URL); null restores the default. */
export function setDefaultXsltEngine(next: XsltEngine | null): void {
  engine = next;
}
