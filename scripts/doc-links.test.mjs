// The link check itself: it passes on resolving links and anchors and fails on each kind of broken one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDocLinks, slug } from './doc-links.mjs';

function repo(files) {
  const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function problemsOf(files) {
  const root = repo(files);
  try {
    return checkDocLinks(root).problems.map((p) => `${p.file}:${p.line}: ${p.problem}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const PAGE = '# Page\n\n## The `write` rules\n\n## Rows (R, I, M, D)\n\n## Rows (R, I, M, D)\n';

test('links, images and anchors that resolve pass', () => {
  assert.deepEqual(
    problemsOf({
      'README.md': '[page](docs/page.md) [rules](docs/page.md#the-write-rules) ![pic](docs/a.png) [web](https://example.com) [top](#readme)\n\n# Readme\n',
      'docs/page.md': `${PAGE}\n[again](#rows-r-i-m-d-1) [back](../README.md)\n`,
      'docs/a.png': 'png',
    }),
    [],
  );
});

test('a link to a missing file fails, naming file and line', () => {
  assert.deepEqual(problemsOf({ 'README.md': 'x\n[gone](docs/gone.md)\n' }), ['README.md:2: docs/gone.md: no such file']);
});

test('an anchor no heading has fails', () => {
  assert.deepEqual(problemsOf({ 'README.md': '[rules](docs/page.md#write-rules)\n', 'docs/page.md': PAGE }), [
    'README.md:1: docs/page.md#write-rules: no heading with that anchor',
  ]);
});

test('a missing image fails', () => {
  assert.deepEqual(problemsOf({ 'docs/page.md': '![shot](images/shot.png)\n' }), ['docs/page.md:1: images/shot.png: no such file']);
});

test('a link leaving the repository fails, and so does naming the design notes kept outside it', () => {
  assert.deepEqual(problemsOf({ 'docs/page.md': '[spec](../../outside.md)\nSee design.md section 5.\n' }), [
    'docs/page.md:1: ../../outside.md leaves the repository',
    'docs/page.md:2: names a file outside this repository',
  ]);
});

test('links inside code are not checked', () => {
  assert.deepEqual(problemsOf({ 'README.md': '```md\n[gone](gone.md)\n```\n`[gone](gone.md)`\n' }), []);
});

test('anchors are made as GitHub makes them', () => {
  assert.equal(slug('The `write` rules'.replace(/`/g, '')), 'the-write-rules');
  assert.equal(slug('Filters, sort and pages'), 'filters-sort-and-pages');
  assert.equal(slug('Ä and ö: Umlauts'), 'ä-and-ö-umlauts');
});
