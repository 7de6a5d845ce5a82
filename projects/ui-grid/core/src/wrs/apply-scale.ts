import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { cellValue, hasCellShape, setCellContent } from '../rows/row-states';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Largest scale rounded to (PostgreSQL's numeric allows no more): a result is never longer than its text and this. */
const MAX_SCALE = 1000;

/**
 * Rounds a number text to `scale` fraction digits, half away from zero, in decimal (no binary float error:
 * 1.005 -> 1.01). Text that needs no rounding and text that is no number come back unchanged. An exponent only
 * moves the decimal point, so no digit string grows with it: 1e-999999999 rounds to 0, 1e999999999 stays as it is.
 */
export function roundToScale(text: string, scale: number): string {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return text;
  const digits = m[2] + (m[3] ?? '');
  // Where the decimal point falls in `digits` (before it: the integer digits); beyond 2^53 only its side matters.
  const point = m[2].length + (m[4] ? Number(m[4]) : 0);
  if (digits.length - point <= scale) return text;
  // The digits kept are `digits` up to `scale` places after the point, none when the number is smaller than that.
  const keep = point + scale;
  const kept = keep > 0 ? digits.slice(0, keep).split('').map(Number) : [];
  if (keep >= 0 && digits.charCodeAt(keep) >= 53) {
    let k = kept.length - 1;
    while (k >= 0 && kept[k] === 9) kept[k--] = 0;
    if (k >= 0) kept[k]++;
    else kept.unshift(1);
  }
  const all = kept.join('').padStart(scale + 1, '0');
  const intPart = all.slice(0, all.length - scale).replace(/^0+(?=\d)/, '');
  const fracPart = all.slice(all.length - scale);
  const zero = /^0*$/.test(intPart + fracPart);
  return (zero || m[1] !== '-' ? '' : '-') + intPart + (scale > 0 ? '.' + fracPart : '');
}

/**
 * Rounds the cells of every column with a `@scale` (see `scaleOf`; spec 4.3 `applyScale`). It normalizes the
 * document, so no row changes state; D rows and `wrs:O` originals keep the server's values. All values are rounded
 * before the first cell is written, so the document is never left half rounded.
 */
export function applyScaleTo(index: WrsIndex): void {
  const scaled = index.columns()
    .map((c) => ({ pos: c.pos, scale: scaleOf(c.element) }))
    .filter((c): c is { pos: number; scale: number } => c.scale !== null);
  if (scaled.length === 0) return;
  const scaleAt = new Map(scaled.map((c) => [c.pos, c.scale]));
  const last = scaled.reduce((max, c) => Math.max(max, c.pos), 0);
  const cells: Element[] = [];
  const values: string[] = [];
  const width = index.columns().length;
  for (const row of index.rows()) {
    if (row.localName === 'D') continue;
    const plain = hasCellShape(row, width);
    let pos = 0;
    for (let c = row.firstChild; c && pos < last; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE || (c as Element).localName !== 'C' || (!plain && (c as Element).namespaceURI !== NS.wrs)) continue;
      const scale = scaleAt.get(++pos);
      if (scale === undefined) continue;
      const value = cellValue(c as Element);
      if (value === null) continue;
      const rounded = roundToScale(value, scale);
      if (rounded === value) continue;
      cells.push(c as Element);
      values.push(rounded);
    }
  }
  for (let i = 0; i < cells.length; i++) setCellContent(cells[i], values[i]);
}

/**
 * A column's `@scale` as a whole number of fraction digits, or null when it has none: absent, empty, no whole
 * number (`1.5`, `-1`, `x`) or past 1,000. Rounding and export read the scale through this one function.
 */
export function scaleOf(column: Element): number | null {
  const text = column.getAttribute('scale');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const scale = Number(text);
  return scale <= MAX_SCALE ? scale : null;
}
