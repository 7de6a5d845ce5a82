import type { CDPSession } from '@playwright/test';

/** The page's memory after garbage collection, read through the DevTools protocol. */
export interface PageMemory {
  /** V8 heap in use (bytes). */
  readonly heap: number;
  /** DOM nodes alive in the renderer, those of XML documents included. */
  readonly nodes: number;
  readonly documents: number;
}

export async function pageMemory(cdp: CDPSession): Promise<PageMemory> {
  // Several passes: objects held only through weak maps or finalization go in a later pass than their holders.
  for (let pass = 0; pass < 3; pass++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes, documents } = await cdp.send('Memory.getDOMCounters');
  return { heap: usedSize, nodes, documents };
}

/**
 * The shortest retaining paths, from the GC roots, of up to `limit` XML documents still alive: what a failing leak
 * test prints so that the holder is named (a registry entry, a listener, a subscription).
 */
export async function xmlDocumentRetainers(cdp: CDPSession, limit = 3): Promise<string[]> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  const snapshot = JSON.parse(chunks.join('')) as HeapSnapshot;
  return shortestPaths(snapshot, (type, name) => type === 'native' && name.startsWith('XMLDocument'), limit);
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** Breadth-first from the root over strong edges: the first path found to a node is a shortest one. */
function shortestPaths(s: HeapSnapshot, isTarget: (type: string, name: string) => boolean, limit: number): string[] {
  const { node_fields: nf, edge_fields: ef, node_types: [nodeTypes], edge_types: [edgeTypes] } = s.snapshot.meta;
  const [nodeSize, edgeSize] = [nf.length, ef.length];
  const [typeAt, nameAt, countAt] = [nf.indexOf('type'), nf.indexOf('name'), nf.indexOf('edge_count')];
  const [edgeTypeAt, edgeNameAt, toAt] = [ef.indexOf('type'), ef.indexOf('name_or_index'), ef.indexOf('to_node')];
  const count = s.nodes.length / nodeSize;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + s.nodes[i * nodeSize + countAt] * edgeSize;
  const label = (i: number) => `${nodeTypes[s.nodes[i * nodeSize + typeAt]]} ${s.strings[s.nodes[i * nodeSize + nameAt]].slice(0, 80)}`;
  const via = new Int32Array(count).fill(-1);
  const edgeName = new Array<string>(count);
  const queue = [0];
  via[0] = 0;
  const found: number[] = [];
  for (let q = 0; q < queue.length && found.length < limit; q++) {
    const from = queue[q];
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += edgeSize) {
      const type = edgeTypes[s.edges[e + edgeTypeAt]];
      const to = s.edges[e + toAt] / nodeSize;
      if (type === 'weak' || type === 'shortcut' || via[to] !== -1) continue;
      const raw = s.edges[e + edgeNameAt];
      const name = type === 'element' || type === 'hidden' ? `[${raw}]` : s.strings[raw];
      // A WeakMap entry holds its value only while its key lives: Angular's dev-mode debug maps (`window.ng`) reach
      // every component so, and would hide the holder that keeps the key or the value alive.
      if (name.includes('part of key')) continue;
      via[to] = from;
      edgeName[to] = name;
      queue.push(to);
      const [nodeType, nodeName] = label(to).split(/ (.*)/s);
      if (isTarget(nodeType, nodeName) && found.length < limit) found.push(to);
    }
  }
  return found.map((target) => {
    const steps: string[] = [];
    for (let i = target; i !== 0; i = via[i]) steps.unshift(`  .${edgeName[i]} -> ${label(i)}`);
    return steps.join('\n');
  });
}
