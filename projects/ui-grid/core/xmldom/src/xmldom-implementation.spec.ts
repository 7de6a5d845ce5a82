import { xmldomImplementation } from './xmldom-implementation';

describe('xmldomImplementation.parse', () => {
  it('keeps U+0085, U+2028 and U+2029 in text and attributes, as browsers do (XML 1.0 line ends)', () => {
    const doc = xmldomImplementation.parse('<x a="1\u20282\u20293\u00854">a\u2028b\u2029c\u0085d\r\u0085e</x>');
    expect(doc.documentElement.textContent).toBe('a\u2028b\u2029c\u0085d\n\u0085e');
    expect(doc.documentElement.getAttribute('a')).toBe('1\u20282\u20293\u00854');
  });

  it('turns CR LF and a lone CR into LF, as XML 1.0 says', () => {
    const doc = xmldomImplementation.parse('<x>a\r\nb\rc\nd</x>');
    expect(doc.documentElement.textContent).toBe('a\nb\nc\nd');
  });
});
