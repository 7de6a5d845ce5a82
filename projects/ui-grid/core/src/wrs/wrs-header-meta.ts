import { setOwn } from '../data-provider/own-keys';
import { WrsIndex } from '../rows/wrs-index';

/** Header metadata: column id -> that column's XML attributes as strings (`{ pos: '3', 'type-name': 'INTEGER' }`). */
export type WrsHeaderMeta = Record<string, Record<string, string>>;

/** Builds the header metadata of a Wrs (spec 4.3 `generateWrsHeaderMeta`): column id -> that column's attributes. */
export function generateWrsHeaderMetaOf(index: WrsIndex): WrsHeaderMeta {
  const meta: WrsHeaderMeta = {};
  for (const column of index.columns()) {
    const attributes: Record<string, string> = {};
    const el = column.element;
    for (let i = 0; i < el.attributes.length; i++) setOwn(attributes, el.attributes[i].name, el.attributes[i].value);
    setOwn(meta, column.id, attributes);
  }
  return meta;
}
