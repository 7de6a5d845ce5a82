import { runFilterCases } from './cases';

(globalThis as unknown as { runFilterCases: typeof runFilterCases }).runFilterCases = runFilterCases;
