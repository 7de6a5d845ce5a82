import {
  ChainDefinition,
  ChainLoadedStatus,
  ChainParameterValue,
  ChainStylesheetLoadingFailed,
  StaticModel,
  Status,
  TransformFailedStatus,
  TransformingStatus,
  WaitingForParametersStatus,
  WrsError,
} from 'ngx-wrs-grid/core';
import { ChainService } from '../services/chain.service';

/** Parameters of a grid chain (`loadParameters`, `saveParameters`, `validationParameters`). */
export type GridChainParameters = Readonly<Record<string, ChainParameterValue>>;

/** The phases of a chain run a caller may follow: its stylesheets loaded, waiting for parameters, transforming. */
export type GridChainPhase = ChainLoadedStatus | WaitingForParametersStatus | TransformingStatus;

/**
 * Runs a chain definition (JS steps, XSLT urls, text or documents, `chain:Chain` documents, arrays of them) once over
 * a document through a ModelWrapper of the ChainService, and resolves with its output; `onPhase` hears the phases of
 * the run as they begin. A failing run rejects with a WrsError naming the chain and the step: `CHAIN_LOAD_FAILED`
 * when a stylesheet could not be loaded, `TRANSFORM_FAILED` when a step failed, else `LOAD_FAILED` (a parameter
 * provider failed).
 */
export async function runGridChain(
  chains: ChainService,
  name: string,
  chain: ChainDefinition,
  doc: Document,
  parameters: GridChainParameters | null,
  onPhase?: (phase: GridChainPhase) => void,
): Promise<Document> {
  const wrapper = chains.create({ inputModel: new StaticModel({ data: doc }), chain, parameters: parameters ?? undefined });
  const phases = onPhase && wrapper.status$.subscribe((status) => {
    if (status instanceof ChainLoadedStatus || status instanceof WaitingForParametersStatus || status instanceof TransformingStatus) onPhase(status);
  });
  try {
    await wrapper.execute();
    const out = wrapper.getData();
    if (wrapper.hasFailed() || !out) {
      const status: Status = wrapper.getStatus();
      const code = status instanceof ChainStylesheetLoadingFailed ? 'CHAIN_LOAD_FAILED' : status instanceof TransformFailedStatus ? 'TRANSFORM_FAILED' : 'LOAD_FAILED';
      throw new WrsError(code, `${name} failed: ${wrapper.getFailureReason() ?? status.toString()}`, name);
    }
    return out;
  } finally {
    phases?.unsubscribe();
    // Run once: a later change of a parameter provider must not run this load, save or validation again.
    wrapper.dispose();
  }
}
