import { jsChainOverhead, xsltCompileOnce } from './cases';

(globalThis as unknown as Record<string, unknown>)['chainBench'] = async (env: string, sef: string) => [
  ...(await xsltCompileOnce(env, sef)),
  ...(await jsChainOverhead(env)),
];
