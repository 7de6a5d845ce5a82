import { runWrsUtilCases } from './cases';

(globalThis as unknown as { runWrsUtilCases: typeof runWrsUtilCases }).runWrsUtilCases = runWrsUtilCases;
