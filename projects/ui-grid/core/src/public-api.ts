/**
 * Public surface of `ngx-wrs-grid/core`: plain TypeScript and rxjs, no @angular/*, runs in Node and in browsers.
 * Node has no DOM: import `ngx-wrs-grid/core/xmldom` once there.
 *
 * @module ngx-wrs-grid/core
 */
export * from './errors';

export * from './xml/namespaces';
export {
  parseXml,
  serializeXml,
  createDocument,
  cloneDocument,
  setXmlDomImplementation,
  registerXmlDomImplementation,
  xmlDom,
  xmlParseError,
} from './xml/dom';
export type { XmlDomImplementation } from './xml/dom';
export { fillPlaceholders, xpathLiteral } from './xml/placeholders';
export type { FillParams } from './xml/placeholders';
export { setXPathEngine, registerXPathEngine, xpathEngineFor, nativeXPathEngine, xpathSyntaxError } from './xml/xpath-engine';
export type { XPathEngine, XPathValue } from './xml/xpath-engine';

export { WrsIndex } from './rows/wrs-index';
export type { WrsColumn } from './rows/wrs-columns';
export { rowState, cellsOf, cellAt, cellValue, originalOf, setCellContent } from './rows/row-states';
export { writeCell, writeRowCells, deleteRowElement, restoreRowElement, pastedValue } from './rows/row-transitions';
export {
  defaultCellValue,
  referenceValues,
  createRow,
  nextTransactionsNumber,
  newRowIds,
  isNumericType,
} from './rows/new-rows';
export type { RowState } from './rows/row-states';
export { insertRowElements } from './wrs/row-edits';
export type { RowEdit } from './wrs/row-edits';
export { writeCellBatch } from './wrs/cell-batch';
export type { CellWrites, CellBatch, CellBatchOptions } from './wrs/cell-batch';
export { WrsUtil } from './wrs/wrs-util';
export type {
  ModelRef,
  WrsRef,
  WrsUtilArgs,
  RowOperationInfo,
  RowOperationFn,
  DeleteRowsArgs,
  InsertRowArgs,
  DuplicateRowsArgs,
  RestoreArgs,
  CopyArgs,
  CopyAllRows2CsvArgs,
  PasteArgs,
  SaveModelArgs,
  PostWrsParam,
  NextIdentifierResult,
  GetNextIdentifierArgs,
  RowPositionArgs,
  WrsValidationArgs,
  ValidateModelArgs,
} from './wrs/wrs-util-args';
export type { ClipboardPort } from './wrs/clipboard-port';
export { browserClipboard } from './wrs/clipboard-port';
export { parseFilterExpression } from './wrs/filter-expression';
export type { FilterParams } from './wrs/filter-expression';
export { toTabText, parseTabText, toCsv, csvField, csvQuoted } from './wrs/clipboard-text';
export type { CellBlock, CsvSeparator } from './wrs/clipboard-text';
export { roundToScale } from './wrs/apply-scale';
export type { WrsHeaderMeta } from './wrs/wrs-header-meta';
export { registerValidation, validationFor, validateWrs, validateWrsCells, validateStoreCells, validateStoreRows, VALIDATION_MESSAGES, DEFAULT_VALIDATION } from './wrs/validation';
export { buildSavePayload, commitSavedRows, commitSentRows, oneSaveAtATime } from './wrs/save-payload';
export type { SavePayload, SentRowValues } from './wrs/save-payload';
export type { CellValidation, CellValidationResult, ValidateWrsOptions, StorePositions, WrsValidator } from './wrs/validation';
export { StoredValidationResult, VALIDATION_ID_ATTRIBUTE, compareValidationErrors, storeValidationWrsOf, validationWrsOf } from './wrs/validation-result';
export type { ValidationError } from './wrs/validation-result';
export { createValidationChain } from './wrs/validation-model';
export type { ValidationChainArgs, ValidationOutcome } from './wrs/validation-model';

export * from './data-provider/status';
export { DataProvider, DataProviderRegistry, defaultRegistry } from './data-provider/data-provider';
export { generateProviderId } from './data-provider/provider-id';
export type { DataProviderArgs, ChangeSet } from './data-provider/data-provider';
export * from './data-provider/listeners';
export type { WrsBackend, WrsBackendCallOptions } from './backend/wrs-backend';
export { PostingWrsBackend } from './backend/posting-wrs-backend';
export type { WrsBackendCall, WrsBackendEndpoints } from './backend/posting-wrs-backend';
export { FetchWrsBackend } from './backend/fetch-wrs-backend';
export type { FetchWrsBackendOptions } from './backend/fetch-wrs-backend';
export { getDefaultWrsBackend, setDefaultWrsBackend } from './backend/default-wrs-backend';
export {
  DEFAULT_MODEL_URL,
  DEFAULT_NEXT_IDENTIFIER_URL,
  httpFailure,
  networkFailure,
  wrsAnswer,
  readWrsAnswer,
  readWrsRows,
  nextIdentifierAnswer,
  nextIdentifierUrl,
  xmlBody,
} from './backend/backend-answers';
export type { WrsAnswerReading } from './backend/backend-answers';
export { WrsRequestModel } from './backend/wrs-request-model';
export { resolveModelUrl } from './backend/model-url';
export type { WrsRequestModelArgs, RequestPostStep } from './backend/wrs-request-model';
export { RowStore } from './rows/row-store';
export type { SliceBudget } from './rows/row-store';
export { RowStoreBase } from './rows/row-store-base';
export { RowStoreWrites } from './rows/row-store-writes';
export type { RowLayout } from './rows/row-entries';
export { buildStoreSavePayload, commitStoreSavedRows } from './wrs/store-save-payload';
export type { StoreSavePayload, StoreSentRow } from './wrs/store-save-payload';
export { ScanError } from './rows/row-scan';
export { WrsTextLoad, loadsInSlices } from './data-provider/wrs-text-load';
export type { LoadProgress, LoadsInSlices } from './data-provider/wrs-text-load';
export { StaticModel } from './data-provider/static-model';
export type { StaticModelArgs } from './data-provider/static-model';
export { SimpleModel } from './data-provider/simple-model';
export type { SimpleModelArgs } from './data-provider/simple-model';
export { ConstantDataProvider } from './data-provider/constant-data-provider';
export type { ConstantDataProviderArgs } from './data-provider/constant-data-provider';
export { fetchXmlLoader, setDefaultXmlLoader, getDefaultXmlLoader } from './data-provider/xml-loader';
export type { XmlLoader } from './data-provider/xml-loader';
export { guiStatusEstablished, GUI_STATUS_ESTABLISHED_ID } from './data-provider/well-known-models';
export type {
  TableRow,
  TableValues,
  TblSelectArgs,
  TblSelectRowArgs,
  TblInsertArgs,
  TblUpdateArgs,
  TblDeleteArgs,
} from './data-provider/table-access';

export { ModelWrapper, TransformationChain } from './chain/model-wrapper';
export type { ModelWrapperArgs } from './chain/model-wrapper';
export type { ChainDefinition, ChainStepDefinition, ChainParameterValue, ChainParams, JsChainStep } from './chain/chain-definition';
export { registerChainFunction, chainFunction } from './chain/chain-functions';
export type { XsltEngine, CompiledStylesheet, XsltParamValue } from './chain/xslt-engine';
export { SaxonXsltEngine, DEFAULT_SAXON_SCRIPT_URL } from './chain/saxon-xslt-engine';
export { TRUSTED_TYPES_POLICY } from './trusted-types';
export { defaultXsltEngine, setDefaultXsltEngine } from './chain/default-xslt-engine';
export { serverCompiledStylesheets, setDefaultSefResolver, getDefaultSefResolver } from './chain/sef-resolver';
export type { SefResolver } from './chain/sef-resolver';
export { compileXsltFileToSef, canCompileToSef } from './chain/xslt3-compiler';
export type { CompileToSefOptions } from './chain/xslt3-compiler';
export { sanitizeHtmlInto, setHtmlOutputPolicy, htmlOutputPolicy, HTML_OUTPUT_NS } from './chain/html-output';
export type { HtmlOutputPolicy } from './chain/html-output';
export { buildWrsRequest, requestChain, XSLT_PARAMS_NS } from './chain/builtin/request-chain';
export type { WrsRequestOptions } from './chain/builtin/request-chain';
export { tooltipChain, storeTooltip } from './chain/builtin/tooltip-chain';
export { contextMenuChain } from './chain/builtin/context-menu-chain';

export { wrsToCsv, wrsToXlsx, exportColumns, excelNumberFormat } from './export/wrs-export';
export type { ExportColumn, WrsCsvOptions, WrsExportOptions } from './export/wrs-export';
export { compileFilter, filterRows, filterStoreRows, FILTER_OPERATORS } from './filter/row-filter';
export type { RowPredicate, ColumnFilterFunction, CompileFilterOptions } from './filter/row-filter';
export { sortRows, sortStoreRows } from './filter/row-order';
export type { RowOrdering } from './filter/row-order';
export { ColumnValues } from './filter/column-values';
export { typedValues } from './filter/typed-values';
export type { TypedKey, TypedValues } from './filter/typed-values';
export { SOURCE_TEXT_MIN_LENGTH, forgetSourceText } from './xml/source-text';
export { SourceFind } from './wrs/source-find';
export { SourceFindRun } from './wrs/source-find-run';
export { ownValue, setOwn } from './data-provider/own-keys';
