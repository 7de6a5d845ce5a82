// The reference Wrs server: `npm run server` alone, or with the demo app through `npm start`.
import { mkdirSync } from 'node:fs';
import { readBindingSets } from './binding-sets';
import { Database, openPglite, openPostgres } from './database';
import { ensureDemoData } from './seed';
import { serverConfig } from './server-config';
import { StylesheetFolder } from './stylesheet-folder';
import { createWrsServer } from './wrs-server';

const config = serverConfig();
const bindingSets = readBindingSets(config.bindingSetsFile, config.maxRows);
const started = performance.now();

async function openDatabase(): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) db = await openPostgres(config.databaseUrl, (m) => console.error(`wrs-server: ${m}`));
  else {
    mkdirSync(config.dataDir, { recursive: true });
    db = await openPglite(config.dataDir);
  }
  const seeded = await ensureDemoData(db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`wrs-server: ${where} ready in ${Math.round(performance.now() - started)} ms${seeded ? ', demo orders seeded' : ''}`);
  return db;
}

async function isWrsServer(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/health`);
    return r.ok && (await r.json()).server === 'wrs-server';
  } catch {
    return false;
  }
}

// The database opens only once the port is ours, so two servers never share one PGlite folder.
let databaseReady: (db: Promise<Database>) => void = () => undefined;
const db = new Promise<Database>((resolve) => (databaseReady = resolve));
const stylesheets = new StylesheetFolder(config.xsltDir);
const server = createWrsServer({ db, bindingSets, stylesheets, log: (m) => console.error(`wrs-server: ${m}`) });
server.once('error', async (e: NodeJS.ErrnoException) => {
  // Another Wrs server already serving this port (a second `npm start`) stays in charge; anything else is fatal.
  if (e.code === 'EADDRINUSE' && (await isWrsServer(config.port))) {
    console.log(`wrs-server: another Wrs server already serves port ${config.port}; leaving it in charge`);
    setInterval(() => undefined, 1 << 30);
    return;
  }
  console.error(`wrs-server: cannot listen on port ${config.port}: ${e.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  console.log(`wrs-server: listening on http://${config.host}:${config.port} (/WrsServlet, /WrsNextIdentifierServlet, /xslt/ from ${config.xsltDir})`);
  const opening = openDatabase();
  opening.catch((e: unknown) => {
    console.error(`wrs-server: cannot open the database: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
  databaseReady(opening);
});

async function shutdown(): Promise<void> {
  server.close();
  const opened = await Promise.race([db, Promise.resolve(null)]);
  await opened?.close().catch(() => undefined);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown());
