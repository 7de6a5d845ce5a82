import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { DataProvider, DataProviderArgs } from './data-provider';
import { WrsTextLoad } from './wrs-text-load';

export interface StaticModelArgs extends DataProviderArgs {
  /** XML text or a document. */
  data: string | Document;
}

/**
 * A provider over XML given in code. Loading is synchronous: after `execute()` it is ready (or LoadFailed); a Wrs
 * text of `WrsTextLoad.storeMinLength` or more is kept in a row store (`getRowStore`) whose document is built when
 * asked; from `WrsTextLoad.slicedMinLength` on it is read in slices (`loadProgress$`) and ready when all its rows are.
 */
export class StaticModel extends DataProvider {
  private readonly source: string | Document;
  private readonly textLoad = new WrsTextLoad();
  readonly loadProgress$ = this.textLoad.loadProgress$;

  constructor(args: StaticModelArgs) {
    super(args);
    if (typeof args?.data !== 'string' && !(args?.data && typeof (args.data as Document).nodeType === 'number')) {
      throw new WrsError('INVALID_ARGUMENT', 'StaticModel needs data: XML text or a Document', args?.data);
    }
    this.source = args.data;
  }

  protected doExecute(current: () => boolean): Promise<void> | void {
    this.setStatus(this.loadingStatus);
    if (typeof this.source === 'string' && WrsTextLoad.slices(this.source)) return this.loadInSlices(this.source, current);
    if (typeof this.source !== 'string') this.setData(this.source);
    else if (!WrsTextLoad.keeps(this.source)) this.setData(parseXml(this.source));
    else this.setRows(WrsTextLoad.readNow(this.source));
    this.setStatus(this.transformedStatus);
  }

  private async loadInSlices(text: string, current: () => boolean): Promise<void> {
    const rows = await this.textLoad.read(text, current);
    if (!rows || !current()) return;
    this.setRows(rows);
    this.setStatus(this.transformedStatus);
  }
}
