/**
 * The text a large document was parsed from, kept while the library knows the document unchanged. Reading cells
 * from it costs a fraction of reading them from a freshly parsed DOM (see `wrs/source-cells.ts`); any change the
 * library makes or is told of (`forgetSourceText`) drops it for good.
 */
interface KeptText {
  readonly text: string;
  /** What a reader built over the text (offsets found so far), dropped with it. */
  reader?: unknown;
}

const kept = new WeakMap<Document, KeptText>();

/** Documents parsed from text at least this long keep it (about 7,000 rows of 20 columns). */
export const SOURCE_TEXT_MIN_LENGTH = 1_000_000;

/** Keeps the text `doc` was parsed from. Only for text the document was parsed from, unchanged since. */
export function keepSourceText(doc: Document, text: string): void {
  kept.set(doc, { text });
}

/** The kept source text of a document, or null. */
export function sourceTextOf(doc: Document): string | null {
  return kept.get(doc)?.text ?? null;
}

/** The reader attached to a document's kept text by `attachSourceReader`, or undefined. */
export function sourceReaderOf<T>(doc: Document): T | undefined {
  return kept.get(doc)?.reader as T | undefined;
}

/** Attaches a reader to the kept text of a document (dropped with the text). */
export function attachSourceReader(doc: Document, reader: unknown): void {
  const entry = kept.get(doc);
  if (entry) entry.reader = reader;
}

/** Drops the kept text of a document: the document changed, or is about to. */
export function forgetSourceText(doc: Document | null | undefined): void {
  if (doc) kept.delete(doc);
}
