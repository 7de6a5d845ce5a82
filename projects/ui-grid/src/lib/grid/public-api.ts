export { GridComponent } from './grid.component';
export type { AfterAddRowArgs, CustomSaveArgs, GridHotArgs, IsReadOnlyCell, JumpToRowArgs, WrsHeaderMeta } from './grid.component';
export type { GridChainDef, GridChainStep } from './grid-chain';
export type { CellError, ValidationContext, ValidationStep } from './grid-validation';
export type { GridColumn } from './grid-column';
export { GridFactory } from './grid-factory';
export type { GridArgs } from './grid-factory';
