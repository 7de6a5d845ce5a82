import { ChainDefinition, ChainParameterValue, ChainStylesheetLoadingFailed, StaticModel, WrsError } from 'ngx-wrs-grid/core';
import { ChainService } from '../services/chain.service';

/** Parameters of a grid chain (`loadParameters`, `saveParameters`, `validationParameters`). */
export type GridChainParameters = Readonly<Record<string, ChainParameterValue>>;

/**
 * Runs a chain definition (JS steps, XSLT urls, text or documents, `chain:Chain` documents, arrays of them) once over
 * a document through a ModelWrapper of the ChainService, and resolves with its output. A failing step rejects with a
 * WrsError naming the chain and the step: `CHAIN_LOAD_FAILED` when a stylesheet could not be loaded, else `TRANSFORM_FAILED`.
 */
export async function runGridChain(
  chains: ChainService,
  name: string,
  chain: ChainDefinition,
  doc: Document,
  parameters: GridChainParameters | null,
): Promise<Document> {
  const wrapper = chains.create({ inputModel: new StaticModel({ data: doc }), chain, parameters: parameters ?? undefined });
  try {
    await wrapper.execute();
    const out = wrapper.getData();
    if (wrapper.hasFailed() || !out) {
      const code = wrapper.getStatus() instanceof ChainStylesheetLoadingFailed ? 'CHAIN_LOAD_FAILED' : 'TRANSFORM_FAILED';
      throw new WrsError(code, `${name} failed: ${wrapper.getFailureReason() ?? wrapper.getStatus().toString()}`, name);
    }
    return out;
  } finally {
    // Run once: a later change of a parameter provider must not run this load, save or validation again.
    wrapper.dispose();
  }
}
