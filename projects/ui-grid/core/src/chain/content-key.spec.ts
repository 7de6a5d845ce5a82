import { contentKey } from './content-key';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const wrapIn = (name: string, comment: string) =>
  `<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}"><xsl:template match="/"><${name}><xsl:copy-of select="/*"/></${name}></xsl:template><!--${comment}--></xsl:stylesheet>`;

describe('contentKey', () => {
  it('is stable: the same text gives the same key', () => {
    expect(contentKey(wrapIn('a', 'x'))).toBe(contentKey(wrapIn('a', 'x')));
  });

  it('keys two stylesheets of equal length apart that a 32-bit FNV-1a hash gives the same key', () => {
    const a = wrapIn('a', 'xr28a');
    const b = wrapIn('b', '0od2b');
    expect(a.length).toBe(b.length);
    expect(contentKey(a)).not.toBe(contentKey(b));
  });

  it('gives 100,000 similar stylesheets 100,000 keys', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 100_000; i++) keys.add(contentKey(wrapIn('a', i.toString(36))));
    expect(keys.size).toBe(100_000);
  });
});
