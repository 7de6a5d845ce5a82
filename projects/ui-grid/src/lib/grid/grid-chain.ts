/** One step of a grid chain (`loadChain`, `saveChain`, `requestPostChain`): takes a document, returns the next one. */
export type GridChainStep = (doc: Document, parameters: Readonly<Record<string, unknown>>) => Document | Promise<Document>;

/** A chain definition: one step or steps run in order. */
export type GridChainDef = GridChainStep | readonly GridChainStep[];

/** Runs the steps of a chain over a document; no chain returns the document itself. */
export async function runGridChain(chain: GridChainDef | null, doc: Document, parameters: Readonly<Record<string, unknown>> | null): Promise<Document> {
  if (!chain) return doc;
  let current = doc;
  for (const step of typeof chain === 'function' ? [chain] : chain) current = await step(current, parameters ?? {});
  return current;
}
