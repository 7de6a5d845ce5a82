// `npm test`: the source structure check (import direction, circles, file sizes), then core specs in Node (Jasmine,
// @xmldom/xmldom), then core + Angular specs in headless Chromium (Karma), then the server specs in Node, then the e2e
// tests (Playwright), then the documentation's links (each Markdown file counts once). Ends with one line
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const results = '.test-results';
rmSync(results, { recursive: true, force: true });

const runners = [
  { name: 'source structure', script: 'test:structure', file: 'structure.json' },
  { name: 'core specs in Node', script: 'test:core', file: 'core-node.json' },
  { name: 'server specs in Node', script: 'test:server', file: 'server-node.json', optional: true },
  { name: 'specs in headless Chromium', script: 'test:karma', file: 'karma.json' },
  { name: 'e2e tests', script: 'test:e2e', file: 'e2e.json' },
  { name: 'doc links', script: 'test:docs', file: 'doc-links.json' },
];

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let passed = 0;
let failed = 0;
const lines = [];

// The library must build with ng-packagr (both entry points) before anything is tested; a failed build counts as a failure.
console.log('\n=== library build (npm run build) ===');
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
if (build.status !== 0) {
  failed++;
  lines.push('library build: failed');
}
for (const runner of runners) {
  if (runner.optional && !pkg.scripts[runner.script]) continue;
  console.log(`\n=== ${runner.name} (npm run ${runner.script}) ===`);
  const run = spawnSync('npm', ['run', runner.script], { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const path = `${results}/${runner.file}`;
  let counts = { passed: 0, failed: 0 };
  if (existsSync(path)) counts = JSON.parse(readFileSync(path, 'utf8'));
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  if (counts.passed + counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  lines.push(`${runner.name}: ${counts.passed} passed, ${counts.failed} failed`);
}
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
