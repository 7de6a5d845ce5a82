// Builds the library's `ng add` schematic into the package ng-packagr wrote (dist/ngx-wrs-grid/schematics): compiled
// to CommonJS `.cjs` (the CLI requires schematics, and the package is "type": "module"), with its collection and schema. Runs after `ng build ui-grid`, which
// empties dist/ngx-wrs-grid first.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'projects/ui-grid/schematics');
const out = join(root, 'dist/ngx-wrs-grid/schematics');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

execFileSync(process.execPath, [tsc, '-p', join(source, 'tsconfig.json')], { stdio: 'inherit' });
for (const file of ['collection.json', 'ng-add/schema.json']) {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  copyFileSync(join(source, file), join(out, file));
}
console.log(`ng add schematic written: ${out}`);
