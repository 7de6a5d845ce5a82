import { EnvironmentProviders, NgModule, makeEnvironmentProviders } from '@angular/core';
import { DataProviderRegistry, defaultRegistry } from 'ngx-wrs-grid/core';
import { GridComponent } from './grid/grid.component';

/** Options of `provideUiGrid()`. */
export interface UiGridOptions {
  /** The registry providers and grids register in; the core `defaultRegistry` when absent. */
  registry?: DataProviderRegistry;
}

/** Supplies ngx-wrs-grid to a standalone app: `bootstrapApplication(App, { providers: [provideUiGrid()] })`. */
export function provideUiGrid(options: UiGridOptions = {}): EnvironmentProviders {
  return makeEnvironmentProviders([{ provide: DataProviderRegistry, useValue: options.registry ?? defaultRegistry }]);
}

/** The NgModule for module-based apps: import it once to get the registry and the library's services. */
@NgModule({
  imports: [GridComponent],
  exports: [GridComponent],
  providers: [{ provide: DataProviderRegistry, useValue: defaultRegistry }],
})
export class UiGridModule {}
