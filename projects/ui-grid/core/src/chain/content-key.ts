/**
 * A stable hash of stylesheet text, the cache key of stylesheets given inline: 64 bits from two independent 32-bit
 * hashes (FNV-1a and a MurmurHash3-style mix) and the length, so different stylesheets do not share a key by chance.
 */
export function contentKey(text: string): string {
  let fnv = 0x811c9dc5;
  let mix = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ c, 0x01000193);
    mix = Math.imul(mix ^ Math.imul(c, 0xcc9e2d51), 0x1b873593);
    mix = (mix << 13) | (mix >>> 19);
  }
  // MurmurHash3's finalizer spreads every input bit over the whole word.
  mix ^= text.length;
  mix = Math.imul(mix ^ (mix >>> 16), 0x85ebca6b);
  mix = Math.imul(mix ^ (mix >>> 13), 0xc2b2ae35);
  mix ^= mix >>> 16;
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');
  return `text:${hex(fnv)}${hex(mix)}:${text.length}`;
}
