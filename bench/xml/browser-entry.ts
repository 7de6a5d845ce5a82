import { runXmlCases } from './cases';

(globalThis as unknown as { runXmlCases: typeof runXmlCases }).runXmlCases = runXmlCases;
