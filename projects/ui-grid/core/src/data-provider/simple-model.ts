import { WrsError } from '../errors';
import { DataProvider, DataProviderArgs } from './data-provider';
import type { RowStore } from '../rows/row-store';
import { WrsTextLoad } from './wrs-text-load';
import { XmlLoader, getDefaultXmlLoader } from './xml-loader';

export interface SimpleModelArgs extends DataProviderArgs {
  /** Where the XML comes from. */
  url: string;
  /** How to fetch it; the default loader (fetch) when absent. */
  loader?: XmlLoader;
}

/**
 * A provider that loads an XML document from a url. An HTTP or parse failure ends in LoadFailedStatus with the reason.
 * A Wrs of `WrsTextLoad.storeMinLength` or more is kept in a row store (`getRowStore`), its document built when
 * asked; a large one is read in slices (`loadProgress$`).
 */
export class SimpleModel extends DataProvider {
  readonly url: string;
  private readonly loader?: XmlLoader;
  private readonly textLoad = new WrsTextLoad();
  readonly loadProgress$ = this.textLoad.loadProgress$;

  constructor(args: SimpleModelArgs) {
    super(args);
    if (typeof args?.url !== 'string' || args.url === '') throw new WrsError('INVALID_ARGUMENT', 'SimpleModel needs a url', args?.url);
    this.url = args.url;
    this.loader = args.loader;
  }

  protected async doExecute(current: () => boolean): Promise<void> {
    this.setStatus(this.loadingStatus);
    const text = await (this.loader ?? getDefaultXmlLoader())(this.url);
    if (!current()) return;
    let rows: RowStore | Document | null;
    try {
      rows = await this.textLoad.read(text, current);
    } catch (e) {
      throw new WrsError('LOAD_FAILED', `${this.url} is not well-formed XML: ${e instanceof Error ? e.message : e}`, this.url);
    }
    if (!rows || !current()) return;
    this.setRows(rows);
    this.setStatus(this.transformedStatus);
  }
}
