// Characters XML 1.0 cannot carry at all; dropped so an answer always parses (the optimistic check of a save compares
// text columns without them: `answeredColumnSql`).
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Escapes text content; database text is always text here, never markup. A carriage return is written as `&#13;`:
 * a parser turns a literal one into a line feed, and the client would hold (and send back as its original) a value
 * the database does not.
 */
export function escapeText(value: string): string {
  return value.replace(INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value (double-quoted), keeping line breaks and tabs as they were. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
