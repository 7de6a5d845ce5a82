/**
 * A node and everything under it as lines of text, one per node: kind, namespace, prefix and local name, attributes
 * sorted with theirs, text as JSON. Two trees dump alike exactly when they hold the same nodes in the same order.
 */
export function domDump(node: Node, depth = 0, out: string[] = []): string[] {
  const pad = ' '.repeat(depth);
  switch (node.nodeType) {
    case 1: {
      const el = node as Element;
      const attributes = Array.from(el.attributes)
        .map((a) => `{${a.namespaceURI ?? ''}}${a.prefix ?? ''}:${a.localName}=${JSON.stringify(a.value)}`)
        .sort();
      out.push(`${pad}<{${el.namespaceURI ?? ''}}${el.prefix ?? ''}:${el.localName} ${attributes.join(' ')}`);
      break;
    }
    case 3:
      out.push(`${pad}text ${JSON.stringify((node as Text).data)}`);
      break;
    case 4:
      out.push(`${pad}cdata ${JSON.stringify((node as CDATASection).data)}`);
      break;
    case 7:
      out.push(`${pad}pi ${(node as ProcessingInstruction).target} ${JSON.stringify((node as ProcessingInstruction).data)}`);
      break;
    case 8:
      out.push(`${pad}comment ${JSON.stringify((node as Comment).data)}`);
      break;
    case 9:
      out.push('document');
      break;
    default:
      out.push(`${pad}node ${node.nodeType}`);
  }
  for (let c = node.firstChild; c; c = c.nextSibling) domDump(c, depth + 1, out);
  return out;
}
