/** Whether inserting a document fragment keeps `childNodes` right, per DOM implementation (document prototype). */
const fragmentsKeepChildNodes = new WeakMap<object, boolean>();

/**
 * True when the DOM of `doc` lists a fragment's nodes in the parent's `childNodes` after inserting it. @xmldom/xmldom
 * 0.9 lists the fragment object itself there instead (its issue 935), while `firstChild`/`nextSibling` are right.
 */
function fragmentsInsertCleanly(doc: Document): boolean {
  const kind = Object.getPrototypeOf(doc) as object;
  let clean = fragmentsKeepChildNodes.get(kind);
  if (clean === undefined) {
    const parent = doc.createElement('p');
    const after = parent.appendChild(doc.createElement('a'));
    const fragment = doc.createDocumentFragment();
    const inserted = fragment.appendChild(doc.createElement('i'));
    parent.insertBefore(fragment, after);
    const list = parent.childNodes;
    clean = list.length === 2 && list[0] === inserted && list[1] === after;
    fragmentsKeepChildNodes.set(kind, clean);
  }
  return clean;
}

/** Writes a parent's `childNodes` anew from its sibling chain, the way @xmldom/xmldom re-indexes them itself. */
function reindexChildNodes(parent: Node): void {
  const list = parent.childNodes as unknown as { [i: number]: Node | undefined; length: number };
  const length = list.length;
  let i = 0;
  for (let c = parent.firstChild; c; c = c.nextSibling) list[i++] = c;
  for (let k = i; k < length; k++) delete list[k];
  list.length = i;
}

/**
 * Inserts `nodes` in order before `before` (at the end when null) as one DOM mutation where the DOM allows: browsers
 * take one fragment. On DOMs that list an inserted fragment wrongly in `childNodes`, nodes are appended one by one at
 * the end (O(1) each there); elsewhere they go in as one fragment, and `childNodes` is re-indexed once, as the DOM
 * does on any insertion before a node (inserting them one by one would re-index once per node: 100 rows into 100,000
 * took 1.3 s, against 1 ms).
 */
export function insertNodesBefore(parent: Node, nodes: readonly Node[], before: Node | null): void {
  if (nodes.length === 0) return;
  const doc = parent.nodeType === 9 ? (parent as Document) : parent.ownerDocument!;
  const clean = fragmentsInsertCleanly(doc);
  if (!clean && before === null) {
    for (let i = 0; i < nodes.length; i++) parent.appendChild(nodes[i]);
    return;
  }
  if (nodes.length === 1) {
    parent.insertBefore(nodes[0], before);
    return;
  }
  const fragment = doc.createDocumentFragment();
  for (let i = 0; i < nodes.length; i++) fragment.appendChild(nodes[i]);
  parent.insertBefore(fragment, before);
  if (!clean) reindexChildNodes(parent);
}
