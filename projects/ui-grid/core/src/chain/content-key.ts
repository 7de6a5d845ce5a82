/** A short stable hash of stylesheet text (FNV-1a, 32 bit), the cache key of stylesheets given inline. */
export function contentKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `text:${(h >>> 0).toString(36)}:${text.length}`;
}
