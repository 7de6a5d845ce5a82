import { Directive, booleanAttribute, input, numberAttribute, output } from '@angular/core';
import { ChainDefinition, DataProvider, DataProviderArgs } from 'ngx-wrs-grid/core';
import { AfterAddRowArgs, CustomSaveArgs, GridHotArgs, IsReadOnlyCell } from './grid-args';
import { GridChainParameters } from './grid-chain';
import { ContextMenuActionEvent } from './grid-menu';
import { CaptionForColumnValue, ColumnFiltersCustomFilter } from './features/grid-column-filters';
import { RowHeadersOption } from './features/row-headers';

/**
 * The inputs and outputs of `ui-grid` (spec 2.1 and the grid's own): `GridComponent` extends this class, which holds
 * nothing else, so the component itself keeps its life cycle and public operations.
 */
@Directive()
export abstract class GridInputs extends DataProvider {
  /** The grid's accessible name: `<ui-grid aria-label="Orders">` (or `aria-labelledby`) names its `role="grid"` element. */
  readonly ariaLabel = input<string | null>(null, { alias: 'aria-label' });
  readonly ariaLabelledby = input<string | null>(null, { alias: 'aria-labelledby' });
  readonly config = input<DataProvider | null>(null);
  readonly statusModel = input<DataProvider | null>(null);
  readonly inputModel = input<DataProvider | null>(null);
  /** Spec 2.1 `id`: with it the grid registers itself in the provider registry. */
  readonly gridId = input<string | undefined>(undefined, { alias: 'id' });
  readonly hotArgs = input<GridHotArgs | null>(null);
  /** Null: the built-in tooltip; an empty string disables tooltips; else a chain (stylesheet URL) rendering them. */
  readonly tooltipChain = input<ChainDefinition | null>(null);
  readonly contextMenu = input<boolean | string>(false);
  readonly customSave = input<((args: CustomSaveArgs) => unknown) | null>(null);
  readonly afterAddRow = input<((args: AfterAddRowArgs) => void) | null>(null);
  readonly saveChain = input<ChainDefinition | null>(null);
  readonly saveParameters = input<GridChainParameters | null>(null);
  readonly loadChain = input<ChainDefinition | null>(null);
  readonly loadParameters = input<GridChainParameters | null>(null);
  /** Null runs the built-in Wrs validation on the changed rows; a chain gets the Wrs and returns a validation result. */
  readonly validationChain = input<ChainDefinition | null>(null);
  readonly validationParameters = input<GridChainParameters | null>(null);
  readonly allowNewRows = input(true, { transform: booleanAttribute });
  readonly columnFilters = input(false, { transform: booleanAttribute });
  readonly maxHeight = input<number | null>(null);
  readonly isReadOnly = input(false, { transform: booleanAttribute });
  readonly topMode = input(false, { transform: booleanAttribute });
  readonly forceAddAtBottom = input(false, { transform: booleanAttribute });
  readonly disableDeepKeyCheck = input(false, { transform: booleanAttribute });
  readonly ignoreKeyCase = input(false, { transform: booleanAttribute });
  readonly isReadOnlyCell = input<IsReadOnlyCell | null>(null);
  readonly columnFiltersGetCaptionForColumnValue = input<CaptionForColumnValue | null>(null);
  readonly columnFiltersCustomFilter = input<ColumnFiltersCustomFilter | null>(null);
  readonly defaultButtons = input(true, { transform: booleanAttribute });
  readonly serverSidedPagination = input(false, { transform: booleanAttribute });
  /** Rows per page (20 when pagination is on); setting it turns pagination on. */
  readonly paginationSize = input<number | undefined, unknown>(undefined, { transform: (v: unknown) => (v === undefined || v === null || v === '' ? undefined : numberAttribute(v)) });
  readonly paginationAllPages = input(false, { transform: booleanAttribute });
  readonly requestPostChain = input<ChainDefinition | null>(null);
  /** Where requests go (spec 2.1): a url, or a provider holding one, read each time a request is sent. */
  readonly modelUrl = input<string | DataProvider>('WrsServlet');
  readonly exportFileName = input<string | null>(null);
  readonly disableExport = input(false, { transform: booleanAttribute });
  /** CSV exports write numbers and dates as the grid's `locale` shows them (`;` between fields with a decimal comma). */
  readonly csvInLocale = input(false, { transform: booleanAttribute });
  /** Pending changes are kept in this browser's IndexedDB across reloads, closed tabs and crashes; false turns it off. */
  readonly journal = input(true, { transform: booleanAttribute });
  /** Days a journal of unsaved changes is kept before it is dropped. */
  readonly journalRetentionDays = input(7, { transform: numberAttribute });
  /** BCP 47 tag numbers and dates are shown and read in; null: LOCALE_ID unless Angular's default en-US; '': canonical. */
  readonly locale = input<string | null>(null);
  /** Row numbers (true, or the bare attribute), labels by row index, or a function index -> label; wins over `hotArgs.rowHeaders`. */
  readonly rowHeaders = input<RowHeadersOption | null, RowHeadersOption | null | ''>(null, { transform: (v) => (v === '' ? true : v) });
  /** The column state (widths, order, hidden, sort, filters) is kept in localStorage per grid key; false turns it off. */
  readonly keepColumnState = input(true, { transform: booleanAttribute });
  /** Exports include the hidden columns (in the layout's order); by default they hold only the columns shown. */
  readonly exportHiddenColumns = input(false, { transform: booleanAttribute });
  /** A context menu entry the grid does not run itself (from a menu stylesheet), with the cell it was opened on. */
  readonly contextMenuAction = output<ContextMenuActionEvent>();

  protected constructor(args: DataProviderArgs) {
    super(args);
  }
}
