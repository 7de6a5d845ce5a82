import { resolve } from 'node:path';

/** Where the server listens and which database it uses, from the environment with working defaults. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PGlite data folder; ignored when `databaseUrl` is set. */
  readonly dataDir: string;
  /** A PostgreSQL connection string; the embedded PGlite is used when absent. */
  readonly databaseUrl?: string;
  readonly bindingSetsFile: string;
  /** Row limit of an answer when a binding set names none. */
  readonly maxRows: number;
  /** The folder of the app's stylesheets, served under `/xslt/` as text and compiled. */
  readonly xsltDir: string;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env, 'PORT', 3000),
    host: env['HOST_WRS'] || '127.0.0.1',
    dataDir: resolve(env['DATA_DIR'] || 'projects/wrs-server/.data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    bindingSetsFile: resolve(env['BINDING_SETS'] || 'projects/wrs-server/binding-sets.json'),
    maxRows: positiveInt(env, 'MAX_ROWS', 50_000),
    xsltDir: resolve(env['XSLT_DIR'] || 'projects/wrs-server/xslt'),
  };
}
