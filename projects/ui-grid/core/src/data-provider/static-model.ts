import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { DataProvider, DataProviderArgs } from './data-provider';

export interface StaticModelArgs extends DataProviderArgs {
  /** XML text or a document. */
  data: string | Document;
}

/** A provider over XML given in code. Loading is synchronous: after `execute()` it is ready (or LoadFailed). */
export class StaticModel extends DataProvider {
  private readonly source: string | Document;

  constructor(args: StaticModelArgs) {
    super(args);
    if (typeof args?.data !== 'string' && !(args?.data && typeof (args.data as Document).nodeType === 'number')) {
      throw new WrsError('INVALID_ARGUMENT', 'StaticModel needs data: XML text or a Document', args?.data);
    }
    this.source = args.data;
  }

  protected doExecute(): void {
    this.setStatus(this.loadingStatus);
    this.setData(typeof this.source === 'string' ? parseXml(this.source) : this.source);
    this.setStatus(this.transformedStatus);
  }
}
