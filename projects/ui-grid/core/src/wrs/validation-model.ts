import { errorMessage } from '../errors';
import { DataProvider, DataProviderArgs } from '../data-provider/data-provider';
import { ChainStylesheetLoadingFailed, TransformFailedStatus } from '../data-provider/status';
import { createDocument, createWrsElement } from '../xml/dom';
import { DEFAULT_VALIDATION, validationFor } from './validation';
import { replaceValidationResultOf, validationWrsOf } from './validation-result';

/** What `validateModel`'s `fn` receives. */
export interface ValidationOutcome {
  /** The `wrs:ValidationResult` element of the result document, or null when the validation failed. */
  readonly validationResult: Element | null;
}

export interface ValidationModelArgs extends DataProviderArgs {
  /** The Wrs provider to validate. */
  model: DataProvider;
  /** Placed into `@uiValidationId` of the result. */
  validationId: string;
  /** The name of a registered validation; the built-in `xslt/validate/validateWrs.xslt` when absent. */
  stylesheetUrl?: string;
  /** Further providers the validation waits for and receives. */
  dataProviders?: DataProvider[];
  /** Options for the validation, such as `ignoreKeyCase`. */
  parameters?: Record<string, unknown>;
  fn?: (outcome: ValidationOutcome) => void;
}

/**
 * The re-executable validation of a Wrs provider (spec 4.3 `validateModel`): its data is a `wrs:ValidationResult`
 * holding one result Wrs, which is also stored in the model's header, replacing the earlier result of that id.
 * It walks the chain statuses: an unknown validation name ends in ChainStylesheetLoadingFailed, a failing model
 * in LoadFailedStatus, a throwing validation in TransformFailedStatus.
 */
export class ValidationModel extends DataProvider {
  private readonly args: ValidationModelArgs;

  constructor(args: ValidationModelArgs) {
    super(args);
    this.args = args;
    this.setPrimaryModel(args.model);
    for (const p of args.dataProviders ?? []) this.addDataProvider(p);
  }

  protected async doExecute(current: () => boolean): Promise<void> {
    const { model, validationId, fn } = this.args;
    const name = this.args.stylesheetUrl ?? DEFAULT_VALIDATION;
    this.setStatus(this.loadingStatus);
    const validator = validationFor(name);
    if (!validator) {
      this.fail(ChainStylesheetLoadingFailed, `No validation is registered as "${name}"`);
      fn?.({ validationResult: null });
      return;
    }
    this.setStatus(this.chainLoadedStatus);
    this.setStatus(this.waitingForParametersStatus);
    await Promise.all([model, ...(this.args.dataProviders ?? [])].map((p) => p.fetchData()));
    if (!current()) return;
    this.setStatus(this.transformingStatus);
    const target = model.wrsIndex();
    let doc: Document;
    try {
      const errors = validator(target, { ...this.args.parameters, dataProviders: this.args.dataProviders ?? [] });
      doc = createDocument(target.doc);
      const container = doc.appendChild(createWrsElement(doc, 'ValidationResult'));
      container.appendChild(validationWrsOf(doc, validationId, errors));
      replaceValidationResultOf(target.root, container, validationId);
    } catch (e) {
      this.fail(TransformFailedStatus, `Validation "${name}" failed: ${errorMessage(e)}`);
      fn?.({ validationResult: null });
      return;
    }
    this.setData(doc);
    this.setStatus(this.transformedStatus);
    fn?.({ validationResult: doc.documentElement });
  }
}
