import { inject } from '@angular/core';
import { DataProviderRegistry, defaultRegistry } from 'ngx-wrs-grid/core';

export { DataProviderRegistry };

/** The registry for Angular code: the one provided by `provideUiGrid()`, else the core `defaultRegistry`. */
export function injectDataProviderRegistry(): DataProviderRegistry {
  return inject(DataProviderRegistry, { optional: true }) ?? defaultRegistry;
}
