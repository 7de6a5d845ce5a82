import { jsChainOverhead, serverCompiledUrl, xsltCompileOnce } from './cases';

(globalThis as unknown as Record<string, unknown>)['chainBench'] = async (env: string, sef: string) => [
  ...(await xsltCompileOnce(env, sef)),
  ...(await jsChainOverhead(env)),
];
(globalThis as unknown as Record<string, unknown>)['chainBenchServerCompiled'] = async (env: string, cases: { url: string; rows: number }[]) => {
  const figures = [];
  for (const c of cases) figures.push(...(await serverCompiledUrl(env, c.url, c.rows)));
  return figures;
};
