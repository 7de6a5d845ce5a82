import { ELEMENT_NODE } from '../xml/dom';
import { WrsIndex } from './wrs-index';
import { cellValue, setCellContent } from './row-states';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Largest scale and exponent worked digit by digit: past them the digits would be strings of any length. */
const MAX_DIGITS = 1000;

/** Plain decimal digits of a number text: sign, integer and fraction digits (an exponent shifted in), or null. */
function decimalParts(text: string): { sign: string; int: string; frac: string } | null {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  let int = m[2];
  let frac = m[3] ?? '';
  const exp = m[4] ? Number(m[4]) : 0;
  // 1e-999999999 is zero at any scale we round to, 1e999999999 has no fraction digits to round.
  if (exp < -MAX_DIGITS) return /^0*$/.test(int + frac) ? { sign: m[1], int: '0', frac: '' } : { sign: m[1], int: '0', frac: '0'.repeat(MAX_DIGITS + 1) + '1' };
  if (exp > MAX_DIGITS) return { sign: m[1], int: int + frac, frac: '' };
  if (exp > 0) {
    const moved = frac.padEnd(exp, '0');
    int += moved.slice(0, exp);
    frac = moved.slice(exp);
  } else if (exp < 0) {
    const padded = int.padStart(-exp, '0');
    frac = padded.slice(padded.length + exp) + frac;
    int = padded.slice(0, padded.length + exp);
  }
  return { sign: m[1], int, frac };
}

/**
 * Rounds a number text to `scale` fraction digits, half away from zero, in decimal (no binary float error:
 * 1.005 -> 1.01). Text that needs no rounding and text that is no number come back unchanged.
 */
export function roundToScale(text: string, scale: number): string {
  const parts = decimalParts(text);
  if (!parts || parts.frac.length <= scale) return text;
  const digits = (parts.int + parts.frac.slice(0, scale)).split('').map(Number);
  if (parts.frac.charCodeAt(scale) >= 53) {
    let k = digits.length - 1;
    while (k >= 0 && digits[k] === 9) digits[k--] = 0;
    if (k >= 0) digits[k]++;
    else digits.unshift(1);
  }
  const all = digits.join('');
  const intPart = all.slice(0, all.length - scale).replace(/^0+(?=\d)/, '') || '0';
  const fracPart = all.slice(all.length - scale);
  const zero = /^0*$/.test(intPart + fracPart);
  return (zero || parts.sign !== '-' ? '' : '-') + intPart + (scale > 0 ? '.' + fracPart : '');
}

/**
 * Rounds the cells of every column with a non-negative integer `@scale` (spec 4.3 `applyScale`). It normalizes
 * the document, so no row changes state; D rows and `wrs:O` originals keep the server's values.
 */
export function applyScaleTo(index: WrsIndex): void {
  const scaled = index.columns()
    .map((c) => ({ pos: c.pos, scale: scaleOf(c.element) }))
    .filter((c): c is { pos: number; scale: number } => c.scale !== null);
  if (scaled.length === 0) return;
  const scaleAt = new Map(scaled.map((c) => [c.pos, c.scale]));
  const last = scaled.reduce((max, c) => Math.max(max, c.pos), 0);
  for (const row of index.rows()) {
    if (row.localName === 'D') continue;
    let pos = 0;
    for (let c = row.firstChild; c && pos < last; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE || (c as Element).localName !== 'C') continue;
      const scale = scaleAt.get(++pos);
      if (scale === undefined) continue;
      const value = cellValue(c as Element);
      if (value === null) continue;
      const rounded = roundToScale(value, scale);
      if (rounded !== value) setCellContent(c as Element, rounded);
    }
  }
}

/** A column's `@scale` as a whole number of fraction digits, or null when it has none (absent, empty, no whole number, or past 1,000). */
export function scaleOf(column: Element): number | null {
  const text = column.getAttribute('scale');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const scale = Number(text);
  return scale <= MAX_DIGITS ? scale : null;
}
