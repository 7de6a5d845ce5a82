import { WrsError } from '../errors';
import { ELEMENT_NODE, ownerDocumentOf, setText } from './dom';
import { Condition, LocationPath, NameTest, Predicate, RelStep, Step, matchesName } from './location-path';

/**
 * Lets an upper layer answer child lookups from an index instead of scanning (rows of `wrs:Data` by id or position).
 * A hook returns undefined when it has no answer for that parent.
 */
export interface ChildLookup {
  byId?(parent: Element, id: string): Element | null | undefined;
  byPosition?(parent: Element, position: number): Element | null | undefined;
}

const ATTRIBUTE_NODE = 2;
const TEXT_NODE = 3;

/** The XPath string value of a node. */
export function stringValue(node: Node): string {
  if (node.nodeType === ATTRIBUTE_NODE) return (node as Attr).value;
  return node.textContent ?? '';
}

function attributeNode(element: Element, name: NameTest): Attr[] {
  if (name.local === '*') {
    const out: Attr[] = [];
    for (let i = 0; i < element.attributes.length; i++) {
      const a = element.attributes[i];
      if (a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) out.push(a);
    }
    return out;
  }
  const attr = name.ns ? element.getAttributeNodeNS(name.ns, name.local) : element.getAttributeNode(name.local);
  return attr ? [attr] : [];
}

function relativeNodes(context: Node, steps: readonly RelStep[]): Node[] {
  let nodes: Node[] = [context];
  for (const step of steps) {
    const next: Node[] = [];
    for (const n of nodes) {
      if (step.axis === 'self') next.push(n);
      else if (step.axis === 'text') {
        for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === TEXT_NODE || c.nodeType === 4) next.push(c);
      } else if (step.axis === 'attribute') {
        if (n.nodeType === ELEMENT_NODE) next.push(...attributeNode(n as Element, step.name));
      } else {
        for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE && matchesName(c, step.name)) next.push(c);
      }
    }
    nodes = next;
  }
  return nodes;
}

/**
 * XPath 1.0's `number()` of a string: optional white space, an optional minus, digits with an optional decimal point.
 * Anything else (`0x7`, `+5`, `1e3`, empty) is NaN, which equals nothing; JavaScript's `Number` would take all four.
 */
const XPATH_NUMBER = /^[\t\n\r ]*(-?(?:\d+(?:\.\d*)?|\.\d+))[\t\n\r ]*$/;
function xpathNumber(text: string): number {
  const m = XPATH_NUMBER.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

function conditionHolds(node: Node, condition: Condition): boolean {
  const values = relativeNodes(node, condition.left.steps).map(stringValue);
  if (condition.right.kind === 'number') {
    const expected = condition.right.value;
    return values.some((v) => xpathNumber(v) === expected);
  }
  const expected = condition.right.value;
  return values.includes(expected);
}

function filter(candidates: Element[], predicate: Predicate): Element[] {
  if (predicate.kind === 'position') {
    const hit = candidates[predicate.position - 1];
    return hit ? [hit] : [];
  }
  return candidates.filter((c) => predicate.conditions.every((cond) => conditionHolds(c, cond)));
}

function idLookup(predicate: Predicate | undefined): string | null {
  if (predicate?.kind !== 'conditions' || predicate.conditions.length !== 1) return null;
  const [cond] = predicate.conditions;
  const [s] = cond.left.steps;
  if (cond.left.steps.length !== 1 || s.axis !== 'attribute' || s.name.local !== 'id' || s.name.ns !== null) return null;
  // Only text compares as text: `@id=1` compares numbers (an id "01" is 1), which the id index cannot answer.
  return cond.right.kind === 'literal' ? cond.right.value : null;
}

function childStep(parent: Node, step: Extract<Step, { axis: 'child' }>, lookup?: ChildLookup): Element[] {
  if (lookup && parent.nodeType === ELEMENT_NODE && step.predicates.length > 0) {
    const [first, ...rest] = step.predicates;
    const id = idLookup(first);
    let hit: Element | null | undefined;
    if (id !== null && lookup.byId) hit = lookup.byId(parent as Element, id);
    else if (first.kind === 'position' && step.name.local === '*' && lookup.byPosition) {
      hit = lookup.byPosition(parent as Element, first.position);
    }
    if (hit !== undefined) {
      let found: Element[] = hit && matchesName(hit, step.name) ? [hit] : [];
      for (const p of rest) found = filter(found, p);
      return found;
    }
  }
  let candidates: Element[] = [];
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && matchesName(c, step.name)) candidates.push(c as Element);
  }
  for (const p of step.predicates) candidates = filter(candidates, p);
  return candidates;
}

function stepNodes(contexts: Node[], step: Step, lookup?: ChildLookup): Node[] {
  if (step.axis !== 'child') return contexts.flatMap((c) => relativeNodes(c, [step]));
  return contexts.flatMap((c) => childStep(c, step, lookup));
}

/** Evaluates a parsed path of the subset, in document order, linear in the children it visits. */
export function evaluatePath(path: LocationPath, context: Node, lookup?: ChildLookup): Node[] {
  let nodes: Node[] = [path.absolute ? ownerDocumentOf(context) : context];
  for (const step of path.steps) {
    nodes = stepNodes(nodes, step, lookup);
    if (nodes.length === 0) break;
  }
  return nodes;
}

function createElement(parent: Node, name: NameTest, expr: string): Element {
  if (name.local === '*') {
    throw new WrsError('XPATH_UNSUPPORTED', `Cannot create an element for the wildcard step in "${expr}"`, expr);
  }
  const doc = ownerDocumentOf(parent);
  if (parent === doc && doc.documentElement) {
    throw new WrsError('XPATH_UNSUPPORTED', `Cannot create a second root element "${name.qname}" for "${expr}"`, expr);
  }
  const el = name.ns ? doc.createElementNS(name.ns, name.qname) : doc.createElementNS(null, name.local);
  parent.appendChild(el);
  return el;
}

function ensureRelative(context: Node, steps: readonly RelStep[], expr: string): Node {
  let node = context;
  for (const step of steps) {
    const existing = relativeNodes(node, [step]);
    if (existing.length > 0) {
      node = existing[0];
      continue;
    }
    node = createStep(node, step, expr);
  }
  return node;
}

function createStep(parent: Node, step: RelStep | Step, expr: string): Node {
  switch (step.axis) {
    case 'self':
      return parent;
    case 'text':
      return parent.appendChild(ownerDocumentOf(parent).createTextNode(''));
    case 'attribute': {
      if (parent.nodeType !== ELEMENT_NODE || step.name.local === '*') {
        throw new WrsError('XPATH_UNSUPPORTED', `Cannot create attribute "${step.name.qname}" in "${expr}"`, expr);
      }
      const el = parent as Element;
      if (step.name.ns) el.setAttributeNS(step.name.ns, step.name.qname, '');
      else el.setAttribute(step.name.local, '');
      return attributeNode(el, step.name)[0];
    }
    case 'child':
      return createElement(parent, step.name, expr);
  }
}

/** Sets the value of an element (its text), attribute or text node. */
export function setNodeValue(node: Node, value: string): void {
  if (node.nodeType === ATTRIBUTE_NODE) (node as Attr).value = value;
  else if (node.nodeType === ELEMENT_NODE) setText(node as Element, value);
  else node.nodeValue = value;
}

/**
 * The most siblings one write creates to reach a position (spec 4.5): past it a position is taken for a mistake (or a
 * hostile placeholder value: `wrs:R[1000000000]` would hang the page), not for 10,000 rows meant to be made.
 */
export const MAX_CREATED_SIBLINGS = 10_000;

function createChild(parent: Node, step: Extract<Step, { axis: 'child' }>, expr: string): Element {
  const position = step.predicates.find((p) => p.kind === 'position');
  let el: Element;
  if (position && position.kind === 'position') {
    const siblings = childStep(parent, { axis: 'child', name: step.name, predicates: [] });
    if (position.position - siblings.length > MAX_CREATED_SIBLINGS) {
      throw new WrsError(
        'XPATH_UNSUPPORTED',
        `write would create ${position.position - siblings.length} elements to reach position ${position.position} of "${expr}" (at most ${MAX_CREATED_SIBLINGS})`,
        expr,
      );
    }
    el = siblings[siblings.length - 1];
    for (let n = siblings.length; n < position.position; n++) el = createElement(parent, step.name, expr);
  } else el = createElement(parent, step.name, expr);
  for (const p of step.predicates) {
    if (p.kind !== 'conditions') continue;
    for (const cond of p.conditions) {
      const target = ensureRelative(el, cond.left.steps, expr);
      setNodeValue(target, cond.right.kind === 'literal' ? cond.right.value : String(cond.right.value));
    }
  }
  return el;
}

/**
 * Finds the node of a path, creating what is missing (spec 4.5): an existing start part is extended,
 * predicates' equality conditions become attributes or child values, a position creates siblings up to it.
 * `createdUnder` is told the last node that existed, under which the first node was created.
 */
export function ensurePath(path: LocationPath, context: Node, expr: string, lookup?: ChildLookup, createdUnder?: (parent: Node) => void): Node {
  let node: Node = path.absolute ? ownerDocumentOf(context) : context;
  let undo: (() => void) | null = null;
  try {
    for (const step of path.steps) {
      const existing = stepNodes([node], step, lookup);
      if (existing.length > 0) {
        node = existing[0];
        continue;
      }
      if (undo === null) createdUnder?.(node);
      undo ??= undoCreation(node, step);
      node = step.axis === 'child' ? createChild(node, step, expr) : createStep(node, step, expr);
    }
  } catch (error) {
    // A path that cannot be created to its end leaves nothing behind.
    undo?.();
    throw error;
  }
  return node;
}

/**
 * Takes back what creating a path adds under the last node that existed: every later node is created inside the
 * first one created there (its children, or siblings up to a position), or is that attribute.
 */
function undoCreation(parent: Node, step: Step): () => void {
  if (step.axis === 'attribute') {
    const el = parent as Element;
    const has = () => (step.name.ns ? el.hasAttributeNS(step.name.ns, step.name.local) : el.hasAttribute(step.name.local));
    if (parent.nodeType !== ELEMENT_NODE || has()) return () => undefined;
    return () => {
      if (step.name.ns) el.removeAttributeNS(step.name.ns, step.name.local);
      else el.removeAttribute(step.name.local);
    };
  }
  const last = parent.lastChild;
  return () => {
    while (parent.lastChild && parent.lastChild !== last) parent.removeChild(parent.lastChild);
  };
}
