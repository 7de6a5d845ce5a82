import { runRowStoreCases } from './cases';

(globalThis as unknown as { runRowStoreCases: typeof runRowStoreCases }).runRowStoreCases = runRowStoreCases;
