import { DOMParser } from '@xmldom/xmldom';
import { domProblems } from '../../testing/dom-consistency';

// @xmldom/xmldom lets a tree go wrong in ways browsers never allow: the checker the core specs use must see each.
describe('domProblems on @xmldom/xmldom', () => {
  const parse = () => new DOMParser().parseFromString('<w:Wrs xmlns:w="urn:w"><w:Data><w:R id="R1"/><w:R id="R2"/></w:Data></w:Wrs>', 'text/xml') as unknown as Document;
  const dataOf = (doc: Document) => doc.documentElement.firstChild as Element;

  it('finds nothing in a parsed document', () => {
    expect(domProblems(parse())).toEqual([]);
  });

  it('finds a fragment recorded in childNodes in place of the rows inserted from it', () => {
    const doc = parse();
    const fragment = doc.createDocumentFragment();
    fragment.appendChild(doc.createElementNS('urn:w', 'w:I'));
    dataOf(doc).insertBefore(fragment, dataOf(doc).lastChild);
    expect(domProblems(doc)).toContain("w:Data: childNodes[1] is w:R[@id='R2'], its sibling chain has w:I there");
    expect(domProblems(doc)).toContain('w:Data: childNodes[2] is a document fragment');
  });

  it('finds an element renamed in one of its names only', () => {
    const doc = parse();
    (dataOf(doc).firstChild as unknown as { localName: string }).localName = 'M';
    expect(domProblems(doc)).toEqual(['element names disagree: nodeName w:R, tagName w:R, prefix w, localName M']);
  });

  it('finds a childNodes list out of step with the sibling chain', () => {
    const doc = parse();
    const list = dataOf(doc).childNodes as unknown as { [i: number]: Node; length: number };
    const second = list[1];
    list[1] = list[0];
    list[0] = second;
    expect(domProblems(doc)).toContain("w:Data: childNodes[0] is w:R[@id='R2'], its sibling chain has w:R[@id='R1'] there");
  });

  it('finds a tree whose serialized text does not parse back', () => {
    const doc = parse();
    dataOf(doc).appendChild(doc.createComment('a -- b'));
    expect(domProblems(doc)).toEqual([jasmine.stringMatching(/^serialize -> parse fails: /)]);
  });
});
