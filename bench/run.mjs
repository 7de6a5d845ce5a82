// `npm run bench -- <suite> [...]`: runs bench/<suite>/run.mjs (or run.ts through tsx). One JSON line per figure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const suites = process.argv.slice(2);
const available = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && (existsSync(`bench/${d.name}/run.mjs`) || existsSync(`bench/${d.name}/run.ts`)))
  .map((d) => d.name);
if (suites.length === 0) {
  console.error(`usage: npm run bench -- <suite> [...]; suites: ${available.join(', ')}`);
  process.exit(2);
}
for (const suite of suites) {
  const mjs = `bench/${suite}/run.mjs`;
  const ts = `bench/${suite}/run.ts`;
  const args = existsSync(mjs) ? [mjs] : existsSync(ts) ? ['--import', 'tsx', ts] : null;
  if (!args) {
    console.error(`no benchmark suite "${suite}"; suites: ${available.join(', ')}`);
    process.exit(2);
  }
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', ...args], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
