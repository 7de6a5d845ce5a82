// Draws the peers comparison of `npm run bench -- peers` as an SVG bar chart for docs/performance.md.
// Usage: node scripts/peers-chart.mjs [results.jsonl] [out.svg]; by default the newest file of bench/peers/results and
// docs/images/peers.svg. The JSON lines are the bench's output; an optional line {"meta": {"date", "machine",
// "command"}} names when and where it ran (else the file's date and this machine). Figures of several row counts
// (names ending in `.<rows>`): the chart shows PEERS_CHART_ROWS (default 100000).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const RESULTS = 'bench/peers/results';
const newest = () => readdirSync(RESULTS).filter((f) => f.endsWith('.jsonl')).sort().map((f) => `${RESULTS}/${f}`).pop();
const [input = newest(), output = 'docs/images/peers.svg'] = process.argv.slice(2);
if (!input) {
  console.error(`usage: node scripts/peers-chart.mjs [results.jsonl] [out.svg]; no results in ${RESULTS}`);
  process.exit(2);
}

const GRIDS = [
  ['ngx-wrs-grid', 'ngx-wrs-grid', '#2f6fed'],
  ['ag-grid', 'AG Grid Community', '#8a96ab'],
  ['handsontable', 'Handsontable', '#c9ced8'],
];
// One panel per figure; lower is better in each.
const PANELS = [
  ['payloadToFirstPaint', 'Payload text -> first row painted', 'ms'],
  ['parse', 'of that: parse (Wrs XML; JSON)', 'ms'],
  ['dataToFirstPaint', 'of that: data -> first row painted', 'ms'],
  ['scroll.p95Frame', 'Scroll: p95 frame', 'ms'],
  ['memory', 'Page memory after load', 'MB'],
];

let meta = null;
const values = new Map();
for (const line of readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim().startsWith('{')) continue;
  const record = JSON.parse(line);
  if (record.meta) meta = record.meta;
  else if (record.suite === 'peers') values.set(record.name, record.value);
}
// Results of several row counts name each figure `<grid>.<figure>.<rows>`: the chart's count stands for them.
const rows = process.env.PEERS_CHART_ROWS ?? '100000';
for (const [name, value] of [...values]) if (name.endsWith(`.${rows}`)) values.set(name.slice(0, -rows.length - 1), value);
const missing = GRIDS.flatMap(([id]) => PANELS.map(([figure]) => `${id}.${figure}`)).filter((name) => !values.has(name));
if (missing.length > 0) {
  console.error(`${input} lacks figures of the peers bench: ${missing.join(', ')}`);
  process.exit(1);
}
const date = meta?.date ?? statSync(input).mtime.toISOString().slice(0, 10);
const machine = meta?.machine ?? `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB`;

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (v) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
const WIDTH = 760;
const LABEL = 150;
const BAR_MAX = WIDTH - LABEL - 110;
const BAR_H = 16;
const parts = [];
let y = 58;
for (const [figure, title, unit] of PANELS) {
  parts.push(`<text x="16" y="${y}" class="title">${esc(title)} (${unit}, lower is better)</text>`);
  y += 10;
  const max = Math.max(...GRIDS.map(([id]) => values.get(`${id}.${figure}`)));
  for (const [id, name, colour] of GRIDS) {
    const v = values.get(`${id}.${figure}`);
    const w = Math.max(1, (v / max) * BAR_MAX);
    parts.push(
      `<text x="${LABEL - 8}" y="${y + 12}" class="label" text-anchor="end">${esc(name)}</text>`,
      `<rect x="${LABEL}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${colour}"/>`,
      `<text x="${(LABEL + w + 6).toFixed(1)}" y="${y + 12}" class="value">${fmt(v)} ${unit}</text>`,
    );
    y += BAR_H + 4;
  }
  y += 22;
}
const height = y + 10;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="ngx-wrs-grid against AG Grid Community and Handsontable, 100,000 x 20 rows">
<style>text{font:12px system-ui,sans-serif;fill:#1d2330}.title{font-weight:600}.head{font-size:15px;font-weight:600}.note{fill:#44506a}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="16" y="22" class="head">100,000 x 20 rows in headless Chromium: npm run bench -- peers</text>
<text x="16" y="40" class="note">${esc(date)}, ${esc(machine)}</text>
${parts.join('\n')}
</svg>
`;
writeFileSync(output, svg);
console.log(`wrote ${output}`);
