// `npm run check:consumer`: the library tried as a user would. Packs dist/ngx-wrs-grid (run `npm run build` first),
// makes a new Angular app with the workspace's pinned versions in a temp folder, runs `ng add` with the tarball,
// puts projects/consumer-app's component (a grid over an inline XSLT chain, and an XSLT report) into it, builds it
// for production and opens it in headless Chromium under the strict CSP of docs/security-csp.md: rows must paint,
// both chains must run and no CSP violation may be reported. Needs the npm registry; takes several minutes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { serveWithCsp } from './csp-static-server.mjs';
import chromiumSettings from './chromium.cjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = process.env.CONSUMER_CHECK_DIR ?? join(tmpdir(), 'ngx-wrs-grid-consumer-check');
const app = join(work, 'shop');
const workspacePkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = { ...workspacePkg.dependencies, ...workspacePkg.devDependencies };

function run(command, args, cwd) {
  console.log(`\n$ ${command} ${args.join(' ')}   (in ${cwd})`);
  const started = Date.now();
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NG_CLI_ANALYTICS: 'false', FORCE_COLOR: '0' } });
  console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (!existsSync(join(root, 'dist/ngx-wrs-grid/schematics/collection.json'))) {
  throw new Error('No built package in dist/ngx-wrs-grid: run npm run build first');
}
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The package as the registry would get it.
run('npm', ['pack', '--pack-destination', work], join(root, 'dist/ngx-wrs-grid'));
const tarball = join(work, `ngx-wrs-grid-${JSON.parse(readFileSync(join(root, 'dist/ngx-wrs-grid/package.json'), 'utf8')).version}.tgz`);

// A new app from the same CLI version; the workspace's CLI cannot make one (it sits inside this workspace).
run('npx', ['--yes', `@angular/cli@${pinned['@angular/cli']}`, 'new', 'shop', '--defaults', '--skip-install', '--skip-git', '--ssr=false', '--style=css', '--ai-config=none'], work);
const pkgPath = join(app, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
// The versions this workspace resolved (the registry mirror lacks some patch versions).
for (const deps of [pkg.dependencies, pkg.devDependencies]) {
  for (const name of Object.keys(deps)) if (pinned[name]) deps[name] = pinned[name];
}
pkg.dependencies['@angular/cdk'] = pinned['@angular/cdk'];
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
run('npm', ['install', '--no-audit', '--no-fund'], app);

run('npx', ['ng', 'add', tarball, '--skip-confirmation'], app);

// The app's root component becomes the consumer app's: a grid over an inline XSLT chain and an XSLT report.
const component = readFileSync(join(root, 'projects/consumer-app/src/app/app.component.ts'), 'utf8').replace('export class AppComponent', 'export class App');
writeFileSync(join(app, 'src/app/app.ts'), component);
// A strict CSP forbids the inline onload handler of the critical CSS inliner (docs/security-csp.md).
const angularJsonPath = join(app, 'angular.json');
const angularJson = JSON.parse(readFileSync(angularJsonPath, 'utf8'));
angularJson.projects.shop.architect.build.configurations.production.optimization = { scripts: true, styles: { minify: true, inlineCritical: false }, fonts: true };
writeFileSync(angularJsonPath, JSON.stringify(angularJson, null, 2) + '\n');
run('npx', ['ng', 'build'], app);

const served = await serveWithCsp(join(app, 'dist/shop/browser'));
const browser = await chromium.launch({ executablePath: chromiumSettings.CHROMIUM_BIN, args: chromiumSettings.CHROMIUM_FLAGS });
const problems = [];
try {
  const page = await browser.newPage();
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  await page.goto(served.url);
  const customers = page.locator('ui-grid .ui-grid-row-R [role="gridcell"][aria-colindex="2"]');
  await customers.nth(2).waitFor({ timeout: 60_000 });
  const painted = await customers.allTextContents();
  await page.locator('[data-test="report"] p.report').waitFor({ timeout: 60_000 });
  const report = await page.locator('[data-test="report"]').textContent();
  const violations = await page.evaluate(() => window.cspViolations);
  console.log(`\nrows painted: ${JSON.stringify(painted)}\nreport: ${report}\nCSP violations: ${violations.length}, reports posted: ${served.reports.length}`);
  if (JSON.stringify(painted) !== JSON.stringify(['ACME', 'GLOBEX', 'INITECH'])) problems.push(`grid rows: ${JSON.stringify(painted)}`);
  if (report?.trim() !== '3 orders, 20.75 in total') problems.push(`report: ${report}`);
  problems.push(...violations.map((v) => `CSP violation: ${v}`), ...served.reports.map((r) => `CSP report: ${r}`));
} finally {
  await browser.close();
  await served.close();
}
if (problems.length) {
  console.error(`\nconsumer check FAILED:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`\nconsumer check passed: ${app}`);
