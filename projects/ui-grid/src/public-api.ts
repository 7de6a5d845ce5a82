/**
 * Public surface of `ngx-wrs-grid`: the Angular layer. Framework-free pieces come from `ngx-wrs-grid/core`.
 *
 * @module ngx-wrs-grid
 */
export * from './lib/services/data-provider-registry';
export * from './lib/ui-grid.module';
export * from './lib/grid/public-api';
export * from './lib/services/chain.service';
export * from './lib/services/wrs-backend.token';
export * from './lib/services/http-wrs-backend';
export * from './lib/services/wrs-util.service';
