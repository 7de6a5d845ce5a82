// The chain benchmark cases, the same code in Chromium and in Node.
import { DataProviderRegistry, ModelWrapper, SaxonXsltEngine, SefResolver, StaticModel, WrsIndex, parseXml, serverCompiledStylesheets } from 'ngx-wrs-grid/core';
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

// Writes one element: what a run costs besides the XSLT work itself.
const TRIVIAL = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><Done/></xsl:template></xsl:stylesheet>`;

/** The benchmark stylesheet, for the runner to compile to SEF with xslt3 before the runs (as an app's build would). */
export const BENCH_XSLT = XSLT;

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

/** New data for run `i`: the same Wrs shape with other row ids, parsed by an input model before any timing starts. */
async function readyInput(registry: DataProviderRegistry, rows: number, i: number): Promise<StaticModel> {
  const input = new StaticModel({ data: parseXml(generateWrs(rows, 20).replace(/R(\d+)/g, `R${i}_$1`)), registry });
  await input.execute();
  return input;
}

/**
 * The first run of a chain with an XSLT step (the stylesheet compiled on the way) against later runs of the same
 * stylesheet on new data, each by a new chain over a new input model whose data is already parsed; the engine's
 * compilations counted. `stylesheet` is XSLT text or the SEF xslt3 compiled from it (`kind` names which).
 */
async function firstAndLater(env: string, kind: string, stylesheet: string, rows: number, engine: SaxonXsltEngine, sefResolver: SefResolver | null = null): Promise<Figure[]> {
  const registry = new DataProviderRegistry();
  const chainOver = (input: StaticModel) =>
    new ModelWrapper({ inputModel: input, chain: stylesheet, parameters: { title: 'bench' }, registry, xsltEngine: engine, sefResolver });
  // A failed run would time nothing: it stops the benchmark with its reason.
  const run = async (chain: ModelWrapper) => {
    const ms = await timed(() => chain.execute());
    if (chain.hasFailed()) throw new Error(`${kind} ${rows} rows: ${chain.getFailureReason()}`);
    return ms;
  };
  const first = await run(chainOver(await readyInput(registry, rows, 0)));
  const later: number[] = [];
  for (let i = 1; i <= 5; i++) later.push(await run(chainOver(await readyInput(registry, rows, i))));
  const second = median(later);
  const name = (metric: string) => `${kind}${metric}.${rows}rows`;
  return [
    { suite: 'chain', name: name('firstRun'), value: first, unit: 'ms', env },
    { suite: 'chain', name: name('secondRun'), value: second, unit: 'ms', env },
    { suite: 'chain', name: name('firstOverSecond'), value: first / second, unit: 'ratio', target: 10, env },
    { suite: 'chain', name: name('compilationsIn6Runs'), value: engine.compilations, unit: 'count', env },
  ];
}

/**
 * Issue 4's figure: first run of a stylesheet (compiled on the way) against a second run on new data, as XSLT text
 * at 1,000 and 100 rows x 20, and as an SEF compiled beforehand (`sef`, by xslt3: no compilation at run time);
 * then the engine alone (compile + transform against transform) and its part that is not XSLT (a stylesheet that
 * only writes one element: handing the input to saxon-js, and in browsers the compile of every fn:transform).
 */
export async function xsltCompileOnce(env: string, sef: string, rows = 1000): Promise<Figure[]> {
  const engine = new SaxonXsltEngine();
  const load = await timed(() => engine.load());
  const figures: Figure[] = [{ suite: 'chain', name: `saxon.load.cold`, value: load, unit: 'ms', env }];
  const main = await firstAndLater(env, 'xslt.', XSLT, rows, engine);
  const value = (name: string) => main.find((f) => f.name.startsWith(name))!.value;
  figures.push(...main, {
    suite: 'chain',
    name: `xslt.firstRunWithLoad.overSecond.${rows}rows`,
    value: (load + value('xslt.firstRun')) / value('xslt.secondRun'),
    unit: 'ratio',
    target: 10,
    env,
  });
  figures.push(...(await firstAndLater(env, 'xslt.', XSLT.replace("'rows'", "'small'"), 100, new SaxonXsltEngine())));
  figures.push(...(await firstAndLater(env, 'xslt.sef.', sef, rows, new SaxonXsltEngine())));

  // The engine alone, on a fresh engine and a stylesheet it has not seen: compile once, then transform new data.
  const renamed = (i: number) => generateWrs(rows, 20).replace(/R(\d+)/g, `R${i}_$1`);
  const fresh = new SaxonXsltEngine();
  const text = XSLT.replace("'rows'", "'engine'");
  const doc = parseXml(renamed(9));
  let compiled: Awaited<ReturnType<SaxonXsltEngine['compile']>> | null = null;
  const compile = await timed(async () => (compiled = await fresh.compile(text, 'bench:engine')));
  const engineFirst = compile + (await timed(() => fresh.transform(compiled!, doc, { title: 'first' })));
  const runs: number[] = [];
  const floor: number[] = [];
  const trivial = await fresh.compile(TRIVIAL, 'bench:trivial');
  for (let i = 0; i < 5; i++) {
    const next = parseXml(renamed(10 + i));
    runs.push(await timed(() => fresh.transform(compiled!, next, { title: `run ${i}` })));
    floor.push(await timed(() => fresh.transform(trivial, next, {})));
  }
  const run = median(runs);
  figures.push(
    { suite: 'chain', name: `xslt.engine.compile`, value: compile, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.firstRun.${rows}rows`, value: engineFirst, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.secondRun.${rows}rows`, value: run, unit: 'ms', env },
    { suite: 'chain', name: `xslt.engine.firstOverSecond.${rows}rows`, value: engineFirst / run, unit: 'ratio', target: 10, env },
    { suite: 'chain', name: `xslt.engine.trivialStylesheetRun.${rows}rows`, value: median(floor), unit: 'ms', env },
  );
  return figures;
}

/**
 * A stylesheet url that the reference server compiles (`GET <url>.sef.json`, xslt3 on its first request; the page
 * has saxon-js loaded already): the first run is server compile + fetch + run, later runs only run (the engine keeps
 * the SEF by url). `sefFetch` is the SEF request's own time (resource timing), `firstRunWarmServer` a new engine's
 * first run when the server has the SEF already (another client compiled it).
 */
export async function serverCompiledUrl(env: string, url: string, rows: number): Promise<Figure[]> {
  const resolver = serverCompiledStylesheets();
  const engine = new SaxonXsltEngine();
  await engine.load();
  const figures = await firstAndLater(env, 'xslt.serverCompiled.', url, rows, engine, resolver);
  const sefUrl = new URL(`${url}.sef.json`, location.href).href;
  const fetches = performance.getEntriesByName(sefUrl) as PerformanceResourceTiming[];
  if (fetches.length) figures.push({ suite: 'chain', name: `xslt.serverCompiled.sefFetch.${rows}rows`, value: fetches[0].duration, unit: 'ms', env });
  const warm = await firstAndLater(env, 'xslt.serverCompiled.warmServer.', url, rows, new SaxonXsltEngine(), resolver);
  figures.push({ ...warm.find((f) => f.name.includes('firstRun'))!, name: `xslt.serverCompiled.firstRunWarmServer.${rows}rows` });
  figures.push({ ...warm.find((f) => f.name.includes('firstOverSecond'))!, name: `xslt.serverCompiled.firstRunWarmServerOverSecond.${rows}rows` });
  return figures;
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
