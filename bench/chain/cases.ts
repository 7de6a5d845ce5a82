// The chain benchmark cases, the same code in Chromium and in Node.
import { DataProviderRegistry, ModelWrapper, SaxonXsltEngine, StaticModel, WrsIndex, parseXml } from 'ngx-wrs-grid/core';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const XSLT = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0" expand-text="yes">
  <xsl:param name="title" select="'rows'"/>
  <xsl:template match="/">
    <Report title="{$title}">
      <xsl:for-each-group select="/*/wrs:Data/*" group-by="wrs:C[3]">
        <Group key="{current-grouping-key()}" rows="{count(current-group())}"/>
      </xsl:for-each-group>
    </Report>
  </xsl:template>
</xsl:stylesheet>`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

/**
 * First run of a stylesheet (compile and run) against a second run of the same stylesheet on new data, for a whole
 * chain (input model included) and for the engine alone (compile + transform against transform).
 */
export async function xsltCompileOnce(env: string, rows = 1000): Promise<Figure[]> {
  const registry = new DataProviderRegistry();
  const engine = new SaxonXsltEngine();
  const chainOver = (data: string) =>
    new ModelWrapper({ inputModel: new StaticModel({ data, registry }), chain: XSLT, parameters: { title: 'bench' }, registry, xsltEngine: engine });
  const renamed = (i: number) => generateWrs(rows, 20).replace(/R(\d+)/g, `R${i}_$1`);
  const load = await timed(() => engine.load());
  const first = await timed(() => chainOver(generateWrs(rows, 20)).execute());
  const later: number[] = [];
  for (let i = 0; i < 5; i++) {
    const chain = chainOver(renamed(i));
    later.push(await timed(() => chain.execute()));
  }
  const second = median(later);
  // The engine alone, on a fresh engine and a stylesheet it has not seen: compile once, then transform new data.
  const fresh = new SaxonXsltEngine();
  const text = XSLT.replace("'rows'", "'engine'");
  const doc = parseXml(renamed(9));
  let compiled: Awaited<ReturnType<SaxonXsltEngine['compile']>> | null = null;
  const compile = await timed(async () => (compiled = await fresh.compile(text, 'bench:engine')));
  const engineFirst = compile + (await timed(() => fresh.transform(compiled!, doc, { title: 'first' })));
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const next = parseXml(renamed(10 + i));
    runs.push(await timed(() => fresh.transform(compiled!, next, { title: `run ${i}` })));
  }
  const run = median(runs);
  return [
    { suite: 'chain', name: `saxon.load.cold`, value: load, unit: 'ms', env },
    { suite: 'chain', name: `xslt.firstRun.${rows}rows`, value: first, unit: 'ms', env },
    { suite: 'chain', name: `xslt.secondRun.${rows}rows`, value: second, unit: 'ms', env },
    { suite: 'chain', name: `xslt.firstOverSecond.${rows}rows`, value: first / second, unit: 'ratio', target: 10, env },
    { suite: 'chain', name: `xslt.firstRunWithLoad.overSecond.${rows}rows`, value: (load + first) / second, unit: 'ratio', target: 10, env },
    { suite: 'chain', name: `xslt.engine.compile`, value: compile, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.firstRun.${rows}rows`, value: engineFirst, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.secondRun.${rows}rows`, value: run, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.firstOverSecond.${rows}rows`, value: engineFirst / run, unit: 'ratio', target: 10, env },
  ];
}

/** What a chain of three JS steps costs above the steps' own work, over 100,000 x 20. */
export async function jsChainOverhead(env: string, rows = 100_000): Promise<Figure[]> {
  const registry = new DataProviderRegistry();
  const input = new StaticModel({ data: parseXml(generateWrs(rows, 20)), registry });
  await input.execute();
  let own = 0;
  // Each step does real work over every row (the index walk), and the time inside the steps is summed.
  const step = (doc: Document) => {
    const t0 = performance.now();
    const index = WrsIndex.of(doc);
    let n = 0;
    for (const row of index.rows()) n += row.childNodes.length;
    if (n < 0) throw new Error('unreachable');
    own += performance.now() - t0;
    return doc;
  };
  const chain = new ModelWrapper({ inputModel: input, chain: [step, step, step], registry });
  await chain.execute();
  const overheads: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < 15; i++) {
    own = 0;
    const total = await timed(() => chain.execute(true));
    totals.push(total);
    overheads.push(total - own);
  }
  return [
    { suite: 'chain', name: `js3steps.total.${rows / 1000}k`, value: median(totals), unit: 'ms', env },
    { suite: 'chain', name: `js3steps.overhead.${rows / 1000}k`, value: median(overheads), unit: 'ms', target: 5, env },
  ];
}
