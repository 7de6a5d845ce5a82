// Types of chromium.cjs for the TypeScript that imports it (benchmarks, Playwright config).
/** Debian's Chromium, or CHROME_BIN when set. */
export declare const CHROMIUM_BIN: string;
/** The flags it needs here: as root, without network, without a GPU. */
export declare const CHROMIUM_FLAGS: string[];
