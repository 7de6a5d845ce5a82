import { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import type { ChainDefinition, ChainParameterValue, JsChainStep } from '../chain/chain-definition';
import { ModelWrapper } from '../chain/model-wrapper';
import { createDocument, createWrsElement } from '../xml/dom';
import { TransformedStatus } from '../data-provider/status';
import { DEFAULT_VALIDATION, validationFor } from './validation';
import { replaceValidationResultOf, validationWrsOf } from './validation-result';
import { WrsIndex } from '../rows/wrs-index';

/** What `validateModel`'s `fn` receives. */
export interface ValidationOutcome {
  /** The `wrs:ValidationResult` element of the result document, or null when the validation failed. */
  readonly validationResult: Element | null;
}

export interface ValidationChainArgs {
  /** The Wrs provider to validate: the chain's primary model. */
  model: DataProvider;
  /** Placed into `@uiValidationId` of the result. */
  validationId: string;
  /** A registered validation (`registerValidation`), or the url of a validation stylesheet; the built-in `xslt/validate/validateWrs.xslt` when absent. */
  stylesheetUrl?: string;
  /** Further providers the chain waits for; they reach the steps as parameters under their names. */
  dataProviders?: DataProvider[];
  /** Parameters of the validation, such as `ignoreKeyCase`. */
  parameters?: Record<string, unknown>;
  fn?: (outcome: ValidationOutcome) => void;
  registry?: DataProviderRegistry;
}

/** A registered validation as a chain step: Wrs in, `wrs:ValidationResult` out. */
function validatorStep(name: string, validationId: string, dataProviders: readonly DataProvider[]): JsChainStep | null {
  const validator = validationFor(name);
  if (!validator) return null;
  const step: JsChainStep = (doc, params) => {
    const errors = validator(WrsIndex.of(doc), { ...params, dataProviders });
    const result = createDocument(doc);
    result.appendChild(createWrsElement(result, 'ValidationResult')).appendChild(validationWrsOf(result, validationId, errors));
    return result;
  };
  Object.defineProperty(step, 'name', { value: name });
  return step;
}

/** The last step: stores the result in the validated model's header, replacing the earlier result of that id. */
function storeStep(model: DataProvider, validationId: string): JsChainStep {
  return function storeValidationResult(result) {
    const target = model.getData();
    if (target) replaceValidationResultOf(WrsIndex.of(target).root, result, validationId);
    return result;
  };
}

/**
 * The chain of spec 4.3 `validateModel`: a TransformationChain (ModelWrapper) over the model whose data is a
 * `wrs:ValidationResult`. Its first step is a registered validation, or a validation stylesheet loaded from
 * `stylesheetUrl`; its last stores the result in the model. It re-runs when the model fires or on execute(true).
 */
export function createValidationChain(args: ValidationChainArgs): ModelWrapper {
  const name = args.stylesheetUrl ?? DEFAULT_VALIDATION;
  const dataProviders = args.dataProviders ?? [];
  const first: ChainDefinition = validatorStep(name, args.validationId, dataProviders) ?? name;
  const parameters: Record<string, ChainParameterValue> = { validationId: args.validationId };
  for (const [key, value] of Object.entries(args.parameters ?? {})) parameters[key] = value as ChainParameterValue;
  for (const provider of dataProviders) parameters[provider.getName()] = provider;
  const chain = new ModelWrapper({
    inputModel: args.model,
    chain: [first as JsChainStep | string, storeStep(args.model, args.validationId)],
    parameters,
    registry: args.registry,
  });
  if (args.fn) {
    const fn = args.fn;
    chain.status$.subscribe((status) => {
      if (status instanceof TransformedStatus) fn({ validationResult: chain.getData()?.documentElement ?? null });
      else if (status.isFailure) fn({ validationResult: null });
    });
  }
  return chain;
}
