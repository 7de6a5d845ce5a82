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

describe('xmldomImplementation.parse of hostile nesting', () => {
  const nestedScopes = (n: number) => `<r>${Array.from({ length: n }, (_, i) => `<a xmlns:p${i}="u">`).join('')}${'</a>'.repeat(n)}</r>`;

  // Unguarded, 40,000 of them take minutes in @xmldom/xmldom (their lookups cost n²), far past the spec timeout.
  it('refuses namespace declarations nested deeper than 1,000 elements before parsing them', () => {
    expect(() => xmldomImplementation.parse(nestedScopes(40_000))).toThrowMatching((e) => e.code === 'XML_PARSE' && /namespace declarations nested deeper than 1000/.test(e.message));
  });

  it('still parses 1,000 nested declarations, declarations on many siblings, and deep nesting without them', () => {
    expect(xmldomImplementation.parse(nestedScopes(1_000)).documentElement.localName).toBe('r');
    const siblings = `<r>${'<a xmlns:p="u" x="&gt;/>"><b xmlns="v"/></a>'.repeat(5_000)}<!-- <a xmlns:q="w"> --><![CDATA[<a xmlns:q="w">]]></r>`;
    expect(xmldomImplementation.parse(siblings).documentElement.childNodes.length).toBe(5_002);
    expect(xmldomImplementation.parse(`<r xmlns="u">${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</r>`).documentElement.localName).toBe('r');
  });
});
