import { domName } from '../../testing/fixtures';
import { domProblems } from '../../testing/dom-consistency';
import { parseXml } from './dom';
import { insertNodesBefore } from './insert-nodes';

describe(`insertNodesBefore (${domName()})`, () => {
  const names = (parent: Node) => Array.from(parent.childNodes, (n) => n.nodeName);
  const chain = (parent: Node) => {
    const out: string[] = [];
    for (let c = parent.firstChild; c; c = c.nextSibling) out.push(c.nodeName);
    return out;
  };
  const fresh = (doc: Document, ...tags: string[]) => tags.map((t) => doc.createElement(t));

  it('inserts nodes in order at the start, in the middle and at the end, childNodes agreeing with the sibling chain', () => {
    const doc = parseXml('<p><a/><b/></p>');
    const p = doc.documentElement;
    insertNodesBefore(p, fresh(doc, 's1', 's2'), p.firstChild);
    insertNodesBefore(p, fresh(doc, 'm1', 'm2', 'm3'), p.lastChild);
    insertNodesBefore(p, fresh(doc, 'e1', 'e2'), null);
    insertNodesBefore(p, fresh(doc, 'one'), p.firstChild!.nextSibling);
    insertNodesBefore(p, [], p.firstChild);
    const expected = ['s1', 'one', 's2', 'a', 'm1', 'm2', 'm3', 'b', 'e1', 'e2'];
    expect(names(p)).toEqual(expected);
    expect(chain(p)).toEqual(expected);
    expect(p.childNodes.item(9)?.nodeName).toBe('e2');
    expect(domProblems(doc)).toEqual([]);
  });

  it('fills an empty parent, and later inserts after it keep childNodes exact', () => {
    const doc = parseXml('<p/>');
    const p = doc.documentElement;
    insertNodesBefore(p, fresh(doc, 'x', 'y'), null);
    insertNodesBefore(p, fresh(doc, 'w'), p.firstChild);
    p.removeChild(p.childNodes[1]);
    p.appendChild(doc.createElement('z'));
    expect(names(p)).toEqual(['w', 'y', 'z']);
    expect(chain(p)).toEqual(['w', 'y', 'z']);
    expect(domProblems(doc)).toEqual([]);
  });
});
