// Checks the repository's Markdown: every relative link and image resolves to a file of this repository, every
// anchor to a heading of its target, and no page names the design notes kept outside it. No network.
// `node scripts/doc-links.mjs` prints what is broken, writes .test-results/doc-links.json and exits 1 on any.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.angular', '.git', '.test-results', 'test-results', 'playwright-report', 'coverage', 'out-tsc', '.data']);
// Files outside the repository that pages must not point readers to.
const OUTSIDE = /(?:^|[^\w-])(?:shared\/(?:spec|notes|formats)\b|design\.md\b|grid-and-wrs-interface\.md\b)/;

/** The Markdown files of the repository under `root`. */
export function markdownFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.endsWith('.md')) out.push(join(dir, entry.name));
    }
  };
  walk(root);
  return out.sort();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The lines of a page outside fenced code blocks, with inline code blanked out. */
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const marker = /^\s*(```+|~~~+)/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ n: i + 1, text: line.replace(/(`+)[^`]*?\1/g, (m) => ' '.repeat(m.length)) });
  });
  return lines;
}

/** The anchors a page offers: its headings' slugs, numbered as GitHub numbers repeats. */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const { text: line } of proseLines(text.replace(/`([^`]*)`/g, '$1'))) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every problem of the Markdown files under `root`: `{ file, line, problem }`, file relative to root. */
export function checkDocLinks(root) {
  root = resolve(root);
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  const problems = [];
  const files = markdownFiles(root);
  for (const file of files) {
    const name = relative(root, file);
    const text = readFileSync(file, 'utf8');
    for (const { n, text: line } of proseLines(text)) {
      if (OUTSIDE.test(line)) problems.push({ file: name, line: n, problem: 'names a file outside this repository' });
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1];
        if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path, anchor] = target.split('#', 2);
        const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (resolved !== root && !resolved.startsWith(root + sep)) {
          problems.push({ file: name, line: n, problem: `${target} leaves the repository` });
        } else if (!existsSync(resolved)) {
          problems.push({ file: name, line: n, problem: `${target}: no such file` });
        } else if (anchor !== undefined && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchors(resolved).has(anchor)) {
          problems.push({ file: name, line: n, problem: `${target}: no heading with that anchor` });
        }
      }
    }
  }
  return { files: files.map((f) => relative(root, f)), problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { files, problems } = checkDocLinks(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.problem}`);
  const failedFiles = new Set(problems.map((p) => p.file));
  const counts = { passed: files.length - failedFiles.size, failed: failedFiles.size };
  mkdirSync(join(root, '.test-results'), { recursive: true });
  writeFileSync(join(root, '.test-results/doc-links.json'), JSON.stringify(counts));
  console.log(`doc links: ${files.length} Markdown files, ${problems.length} problems`);
  process.exit(problems.length === 0 ? 0 : 1);
}
