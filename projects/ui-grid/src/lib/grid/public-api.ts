export { GridComponent } from './grid.component';
export type { AfterAddRowArgs, CustomSaveArgs, GridHotArgs, IsReadOnlyCell, JumpToRowArgs, WrsHeaderMeta } from './grid.component';
export type { GridChainParameters } from './grid-chain';
export { DUPLICATE_SERVER_KEY } from './grid-validation';
export type { GridColumn } from './grid-column';
export { GridFactory } from './grid-factory';
export type { GridArgs } from './grid-factory';
