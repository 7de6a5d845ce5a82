import { WrsError } from '../errors';
import type { DataProvider } from '../data-provider/data-provider';
import type { RowStore } from '../rows/row-store';
import { cellValue, cellsOf } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import { CellBlock, parseTabText, toTabText } from './clipboard-text';
import { allRowsCsv, storeAllRowsCsv } from './all-rows-csv';
import { ClipboardPort, noClipboard } from './clipboard-port';
import { appendBlockRows, checkColumnRange, checkRowRange, pasteBlock, pasteBlockOf } from './row-edits';
import { appendStoreBlock, pasteStoreBlock, storeBlock } from './store-clipboard';
import { headerIndex } from './store-row-edits';
import type { CopyAllRows2CsvArgs, CopyArgs, ModelRef, PasteArgs } from './wrs-util-args';
import type { RowCallsHost } from './wrs-util-rows';

/** How the clipboard calls find their provider and report an edit: WrsUtil's resolution and `finish`. */
export interface ClipboardCallsHost extends Pick<RowCallsHost, 'ready' | 'unbuilt' | 'finish'> {
  clipboard(): ClipboardPort | null;
}

/**
 * The WrsUtil clipboard functions (spec 4.3 copy, copyAllRows2CSV, paste, pasteAsNewRows): on a provider's row store
 * whose document is not built they read and write its entries (store-clipboard.ts), else the document.
 */
export class WrsClipboardCalls {
  constructor(private readonly host: ClipboardCallsHost) {}

  private port(operation: string): ClipboardPort {
    const clipboard = this.host.clipboard();
    if (!clipboard) throw noClipboard(operation);
    return clipboard;
  }

  /** The provider and its store, or (raising NOT_READY without data) its document's index. */
  private resolve(model: ModelRef): { provider: DataProvider; store: RowStore | null; index: WrsIndex } {
    const on = this.host.unbuilt(model);
    if (on) return { provider: on.provider, store: on.store, index: headerIndex(on.store) };
    return { ...this.host.ready(model), store: null };
  }

  async copy(args: CopyArgs): Promise<void> {
    const { store, index } = this.resolve(args.model);
    const colStart = args.colStartPos ?? 1;
    const [rowStart, rowEnd, colEnd] = [args.rowStartPos, args.rowEndPos ?? args.rowStartPos, args.colEndPos ?? colStart];
    const block = store ? storeBlock(store, rowStart, rowEnd, colStart, colEnd) : documentBlock(index, rowStart, rowEnd, colStart, colEnd);
    await this.port('copy').writeText(toTabText(block));
    args.fn?.();
  }

  async copyAllRows2CSV(args: CopyAllRows2CsvArgs): Promise<void> {
    const { store, index } = this.resolve(args.model);
    await this.port('copyAllRows2CSV').writeText(store ? storeAllRowsCsv(store, index) : allRowsCsv(index));
    args.fn?.();
  }

  private async pasteTextOf(args: PasteArgs, operation: string): Promise<string[][]> {
    return parseTabText(args.text ?? (await this.port(operation).readText()));
  }

  async paste(args: PasteArgs): Promise<void> {
    this.resolve(args.model);
    const text = await this.pasteTextOf(args, 'paste');
    // Resolved again: the document may have been built (or the data reloaded) while the clipboard was read.
    const { provider, store, index } = this.resolve(args.model);
    const colStart = args.colStartPos ?? 1;
    let block = pasteBlockOf(index, text, colStart);
    const rowEnd = args.rowEndPos ?? args.rowStartPos;
    const colEnd = args.colEndPos ?? colStart;
    if (rowEnd < args.rowStartPos || colEnd < colStart) {
      throw new WrsError('INVALID_ARGUMENT', `paste: the range ends before it starts (rows ${args.rowStartPos}-${rowEnd}, columns ${colStart}-${colEnd})`, { rowStartPos: args.rowStartPos, rowEndPos: rowEnd, colStartPos: colStart, colEndPos: colEnd });
    }
    if (block.length === 1 && block[0].length === 1 && (rowEnd > args.rowStartPos || colEnd > colStart)) {
      store?.scan();
      checkRowRange(store ?? index, args.rowStartPos, rowEnd);
      checkColumnRange(index, colStart, colEnd);
      const row = pasteBlockOf(index, [new Array<string>(colEnd - colStart + 1).fill(text[0][0])], colStart)[0];
      block = Array.from({ length: rowEnd - args.rowStartPos + 1 }, () => row);
    }
    const edit = store ? pasteStoreBlock(store, block, args.rowStartPos, colStart, !!args.fn) : pasteBlock(index, block, args.rowStartPos, colStart);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }

  async pasteAsNewRows(args: PasteArgs): Promise<void> {
    this.resolve(args.model);
    const text = await this.pasteTextOf(args, 'pasteAsNewRows');
    const { provider, store, index } = this.resolve(args.model);
    const colStart = args.colStartPos ?? 1;
    checkColumnRange(index, colStart, colStart);
    const block: CellBlock = pasteBlockOf(index, text, colStart);
    const edit = store ? appendStoreBlock(store, block, colStart, !!args.fn) : appendBlockRows(index, block, colStart);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }
}

/** `copy`'s values from a document: the cells of each row there are, in the columns asked for. */
function documentBlock(index: WrsIndex, rowStart: number, rowEnd: number, colStart: number, colEnd: number): (string | null)[][] {
  checkRowRange(index, rowStart, rowEnd);
  checkColumnRange(index, colStart, colEnd);
  return index.rows().slice(rowStart - 1, rowEnd).map((row) => cellsOf(row).slice(colStart - 1, colEnd).map(cellValue));
}
