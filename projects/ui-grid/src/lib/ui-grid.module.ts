import { EnvironmentProviders, ModuleWithProviders, NgModule, Provider, inject, makeEnvironmentProviders } from '@angular/core';
import { DataProviderRegistry, SefResolver, defaultRegistry } from 'ngx-wrs-grid/core';
import { GridComponent } from './grid/grid.component';
import { ChainService, SEF_RESOLVER } from './services/chain.service';
import { WrsUtilService } from './services/wrs-util.service';

/** Options of `provideUiGrid()`. */
export interface UiGridOptions {
  /** The registry providers and grids register in; the core `defaultRegistry` when absent. */
  registry?: DataProviderRegistry;
  /**
   * Where stylesheet URLs have a compiled form that chains run without compiling, e.g. `serverCompiledStylesheets()`
   * for the reference server's `/xslt/<path>.sef.json`; stylesheets are fetched and compiled as they are when absent.
   */
  sefResolver?: SefResolver;
}

/** Supplies ngx-wrs-grid to a standalone app: `bootstrapApplication(App, { providers: [provideUiGrid()] })`. */
export function provideUiGrid(options: UiGridOptions = {}): EnvironmentProviders {
  return makeEnvironmentProviders(optionProviders(options));
}

// The services are provided here too, not only in root: below a route's `provideUiGrid({ registry })` they are made
// there, with that registry and resolver, where root instances would use the root's.
function optionProviders(options: UiGridOptions): Provider[] {
  return [
    { provide: DataProviderRegistry, useValue: options.registry ?? defaultRegistry },
    ...(options.sefResolver ? [{ provide: SEF_RESOLVER, useValue: options.sefResolver }] : []),
    WrsUtilService,
    ChainService,
  ];
}

/** The NgModule for module-based apps: import it once to get the registry and the library's services. */
@NgModule({
  imports: [GridComponent],
  exports: [GridComponent],
  // The registry of an injector above when there is one (`provideUiGrid({ registry })` at the root, a module that
  // imported UiGridModule before): a standalone component or a lazy module importing UiGridModule must not replace it.
  providers: [{ provide: DataProviderRegistry, useFactory: () => inject(DataProviderRegistry, { skipSelf: true, optional: true }) ?? defaultRegistry }],
})
export class UiGridModule {
  /** For the root module of a module-based app: `UiGridModule.forRoot({ sefResolver })`, the options of `provideUiGrid()`. */
  static forRoot(options: UiGridOptions = {}): ModuleWithProviders<UiGridModule> {
    return { ngModule: UiGridModule, providers: optionProviders(options) };
  }
}
