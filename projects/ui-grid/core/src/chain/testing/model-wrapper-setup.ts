import { DataProviderRegistry } from '../../data-provider/data-provider';
import { StaticModel } from '../../data-provider/static-model';
import { ModelWrapper } from '../model-wrapper';
import { SaxonXsltEngine } from '../saxon-xslt-engine';

/** What each ModelWrapper spec starts from: a registry, an engine and the orders input of its own. */
export interface ModelWrapperSpecSetup {
  readonly registry: DataProviderRegistry;
  readonly engine: SaxonXsltEngine;
  readonly input: StaticModel;
  /** A wrapper over `input` with that registry and engine, an empty chain unless `args` say otherwise. */
  wrapper(args: Partial<ConstructorParameters<typeof ModelWrapper>[0]>): ModelWrapper;
}

/**
 * Call in a `describe`, with the text of the input's Wrs (the specs' orders fixture): the fields are new before each
 * spec (no provider or registry outlives its spec).
 */
export function modelWrapperSpecSetup(inputWrs: () => string): ModelWrapperSpecSetup {
  const setup = {
    wrapper: (args: Partial<ConstructorParameters<typeof ModelWrapper>[0]>) => new ModelWrapper({ inputModel: setup.input, chain: [], registry: setup.registry, xsltEngine: setup.engine, ...args }),
  } as { -readonly [K in keyof ModelWrapperSpecSetup]: ModelWrapperSpecSetup[K] };
  beforeEach(() => {
    setup.registry = new DataProviderRegistry();
    setup.engine = new SaxonXsltEngine();
    setup.input = new StaticModel({ data: inputWrs(), registry: setup.registry });
  });
  return setup;
}
