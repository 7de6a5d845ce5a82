import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { DataProvider, DataProviderArgs } from './data-provider';
import { XmlLoader, getDefaultXmlLoader } from './xml-loader';

export interface SimpleModelArgs extends DataProviderArgs {
  /** Where the XML comes from. */
  url: string;
  /** How to fetch it; the default loader (fetch) when absent. */
  loader?: XmlLoader;
}

/** A provider that loads an XML document from a url. An HTTP or parse failure ends in LoadFailedStatus with the reason. */
export class SimpleModel extends DataProvider {
  readonly url: string;
  private readonly loader?: XmlLoader;

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
    let doc: Document;
    try {
      doc = parseXml(text);
    } catch (e) {
      throw new WrsError('LOAD_FAILED', `${this.url} is not well-formed XML: ${e instanceof Error ? e.message : e}`, this.url);
    }
    this.setData(doc);
    this.setStatus(this.transformedStatus);
  }
}
