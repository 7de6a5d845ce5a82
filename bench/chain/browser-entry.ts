import { jsChainOverhead, xsltCompileOnce } from './cases';

(globalThis as unknown as Record<string, unknown>)['chainBench'] = async (env: string) => [
  ...(await xsltCompileOnce(env)),
  ...(await jsChainOverhead(env)),
];
