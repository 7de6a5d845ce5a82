// `node scripts/check-structure.mjs` (first step of `npm test`): the shape rules a compiler does not check.
//  1. Inside `projects/ui-grid/core/src`, imports point down the layers below: a file imports files of its own folder
//     or of a lower layer, never of a higher one or of another folder on its layer, and never code outside core.
//  2. No import circle between the files of core/src (type-only imports count: they tie the files together as much).
//  3. No source file of `projects/` is over 500 lines, unless its first comment says why, with the words
//     "over 500 lines"; specs included (a long spec is allowed, but says so), or it is a known exception below.
// Specs (*.spec.ts) are leaves nobody imports: they may set up with any layer, so rules 1 and 2 skip them.
// Prints every violation with the files involved and exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CORE = 'projects/ui-grid/core/src';

// Lowest first. A file of a layer imports only from its own folder and from lower layers.
const LAYERS = [
  ['errors.ts', 'typed errors, used everywhere'],
  ['xml', 'parse/serialize, namespaces, XPath, placeholders'],
  ['rows', 'the Wrs document level: row index, row states; knows no providers'],
  ['data-provider', 'DataProvider and its collaborators, the models, the registry'],
  ['chain', 'ModelWrapper, chain loading, XSLT engines and the built-in chains'],
  ['backend', 'WrsBackend, the request model (a chain over the server)'],
  ['wrs', 'WrsUtil and the Wrs utilities: clipboard, validation, save payload'],
  ['filter', 'row filters, ordering, column values'],
  ['export', 'CSV and XLSX export'],
  ['public-api.ts', 'the entry point: exports every layer'],
];

const SIZE_LIMIT = 500;
const SIZE_REASON = /over 500 lines/i;

// Files over the limit without the comment, each with the reason it is tolerated for now. Remove a line once its
// file is split; the check warns about lines that no longer match a file over the limit.
const KNOWN_SIZE_EXCEPTIONS = {};

const SOURCE_EXTENSIONS = /\.(ts|mts|js|mjs|cjs|html|css|scss|xsl|xslt)$/;

const args = process.argv.slice(2);
const rootArg = args.find((a) => !a.startsWith('--'));
const root = path.resolve(rootArg ?? '.');
const summaryFile = args.find((a) => a.startsWith('--summary='))?.slice('--summary='.length);

const problems = [];
const warnings = [];

// ---- imports ----

/** The text without comments (strings kept), so an `import` in a comment is not read. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** Module specifiers of the static imports, re-exports and dynamic imports of a file. */
function importsOf(text) {
  const code = withoutComments(text);
  const specifiers = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) specifiers.push(m[1]);
  return specifiers;
}

function resolveRelative(fromFile, specifier) {
  const base = path.join(path.dirname(fromFile), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (existsSync(path.join(root, candidate))) return path.normalize(candidate);
  }
  return null;
}

/** The layer of a core file: its first folder under core/src, or its name for a file at the root. */
function layerOf(file) {
  const inCore = path.relative(CORE, file).split(path.sep);
  const name = inCore[0];
  const rank = LAYERS.findIndex(([layer]) => layer === name);
  return { name, rank };
}

function trackedFiles(pattern) {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', pattern], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && existsSync(path.join(root, f)));
}

const coreFiles = trackedFiles(CORE).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
const graph = new Map();
for (const file of coreFiles) {
  const from = layerOf(file);
  if (from.rank < 0) problems.push(`${file}: folder "${from.name}" is in no layer of scripts/check-structure.mjs`);
  const targets = [];
  for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
    if (specifier.startsWith('@angular/') || specifier === 'ngx-wrs-grid' || specifier.startsWith('ngx-wrs-grid/')) {
      problems.push(`${file} imports "${specifier}": core is plain TypeScript and imports none of the library's Angular side`);
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (!target) {
      problems.push(`${file} imports "${specifier}", which is no file`);
      continue;
    }
    if (!target.startsWith(CORE + path.sep)) {
      problems.push(`${file} imports ${target}, outside ${CORE}`);
      continue;
    }
    if (target.endsWith('.spec.ts')) continue;
    targets.push(target);
    const to = layerOf(target);
    if (to.name !== from.name && from.rank >= 0 && to.rank >= from.rank) {
      problems.push(`${file} (layer ${from.name}) imports ${target} (layer ${to.name}): against the direction ${LAYERS.map(([l]) => l).join(' <- ')}`);
    }
  }
  graph.set(file, targets);
}

// Circles: strongly connected components of the import graph (Tarjan), each named with its files.
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = (graph.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) problems.push(`import circle between ${component.sort().join(', ')}`);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
}

// ---- size ----

/** The first comment of a file (leading blank lines skipped), or ''. */
function firstComment(text) {
  const body = text.replace(/^\uFEFF?\s*/, '');
  if (body.startsWith('/*')) return body.slice(0, body.indexOf('*/') + 2);
  if (body.startsWith('<!--')) return body.slice(0, body.indexOf('-->') + 3);
  if (body.startsWith('//')) return body.match(/^(?:\/\/.*(?:\r?\n|$))+/)[0];
  return '';
}

function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const overLimit = new Set();
for (const file of trackedFiles('projects').filter((f) => SOURCE_EXTENSIONS.test(f))) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const lines = lineCount(text);
  if (lines <= SIZE_LIMIT) continue;
  overLimit.add(file);
  if (KNOWN_SIZE_EXCEPTIONS[file] || SIZE_REASON.test(firstComment(text))) continue;
  problems.push(`${file} has ${lines} lines: split it, or say why it must be over ${SIZE_LIMIT} lines in its first comment ("over 500 lines: ...")`);
}
for (const file of Object.keys(KNOWN_SIZE_EXCEPTIONS)) {
  if (!overLimit.has(file)) warnings.push(`${file} is listed in KNOWN_SIZE_EXCEPTIONS but is not over ${SIZE_LIMIT} lines (any more): remove it from the list`);
}

for (const w of warnings) console.log(`warning: ${w}`);
for (const p of problems) console.log(`structure: ${p}`);
console.log(
  problems.length === 0
    ? `structure: ${coreFiles.length} core files checked for import direction and circles, sizes of projects/ checked: no violation`
    : `structure: ${problems.length} violation(s)`,
);
if (summaryFile) {
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  writeFileSync(summaryFile, JSON.stringify({ passed: problems.length === 0 ? 1 : 0, failed: problems.length }));
}
process.exit(problems.length === 0 ? 0 : 1);
