import { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import type { ChainDefinition, ChainParameterValue, JsChainStep } from '../chain/chain-definition';
import { ModelWrapper, ModelWrapperArgs } from '../chain/model-wrapper';
import { createDocument, createWrsElement } from '../xml/dom';
import { TransformedStatus } from '../data-provider/status';
import { DEFAULT_VALIDATION, validationFor } from './validation';
import { replaceValidationResultOf, validationWrsOf } from './validation-result';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { storeValidationFor } from './store-validation';

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

/**
 * The store of `model` while its document is not built, when `doc` is that document as it is (the header, no rows):
 * what the chain gives a validation that checks the store's entries (`ValidationChain`).
 */
function unbuiltStoreOf(model: DataProvider, doc: Document): RowStore | null {
  const store = model.getRowStore();
  return store && !store.materialized && store.document === doc ? store : null;
}

/** A registered validation as a chain step: Wrs in, `wrs:ValidationResult` out (from a row store's entries where it can). */
function validatorStep(name: string, validationId: string, dataProviders: readonly DataProvider[], model: DataProvider): JsChainStep | null {
  const validator = validationFor(name);
  if (!validator) return null;
  const onStore = storeValidationFor(name);
  const step: JsChainStep = (doc, params) => {
    const store = onStore && unbuiltStoreOf(model, doc);
    const options = { ...params, dataProviders };
    const errors = store ? onStore!(store, WrsIndex.of(doc), options) : validator(WrsIndex.of(doc), options);
    const result = createDocument(doc);
    result.appendChild(createWrsElement(result, 'ValidationResult')).appendChild(validationWrsOf(result, validationId, errors));
    return result;
  };
  Object.defineProperty(step, 'name', { value: name });
  return step;
}

/**
 * The last step: stores the result in the validated model's header, replacing the earlier result of that id. The
 * header of a row store's document is there before its rows are built: stored there, nothing is built.
 */
function storeStep(model: DataProvider, validationId: string): JsChainStep {
  return function storeValidationResult(result) {
    const store = model.getRowStore();
    const target = store && !store.materialized ? store.document : model.getData();
    if (target) replaceValidationResultOf(WrsIndex.of(target).root, result, validationId);
    return result;
  };
}

/**
 * A validation chain whose validation checks a row store's entries: while the input's store is not built, its first
 * step gets the store's document as it is (the header) instead of the complete document, and reads the rows from
 * the entries. Any other validation (a stylesheet, a validation of the app's own) gets the complete document.
 */
class ValidationChain extends ModelWrapper {
  constructor(args: ModelWrapperArgs, private readonly onStore: boolean) {
    super(args);
  }

  protected override inputDocument(input: DataProvider): Document | null {
    const store = input.getRowStore();
    return this.onStore && store && !store.materialized ? store.document : super.inputDocument(input);
  }
}

/**
 * The chain of spec 4.3 `validateModel`: a TransformationChain (ModelWrapper) over the model whose data is a
 * `wrs:ValidationResult`. Its first step is a registered validation, or a validation stylesheet loaded from
 * `stylesheetUrl`; its last stores the result in the model. It re-runs when the model fires or on execute(true).
 */
export function createValidationChain(args: ValidationChainArgs): ModelWrapper {
  const name = args.stylesheetUrl ?? DEFAULT_VALIDATION;
  const dataProviders = args.dataProviders ?? [];
  const first: ChainDefinition = validatorStep(name, args.validationId, dataProviders, args.model) ?? name;
  const parameters: Record<string, ChainParameterValue> = { validationId: args.validationId };
  for (const [key, value] of Object.entries(args.parameters ?? {})) parameters[key] = value as ChainParameterValue;
  for (const provider of dataProviders) parameters[provider.getName()] = provider;
  const chain = new ValidationChain(
    { inputModel: args.model, chain: [first as JsChainStep | string, storeStep(args.model, args.validationId)], parameters, registry: args.registry },
    storeValidationFor(name) !== null,
  );
  if (args.fn) {
    const fn = args.fn;
    chain.status$.subscribe((status) => {
      if (status instanceof TransformedStatus) fn({ validationResult: chain.getData()?.documentElement ?? null });
      else if (status.isFailure) fn({ validationResult: null });
    });
  }
  return chain;
}
