import { NS } from 'ngx-wrs-grid/core';

const COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'AT', 'CH'];
const TYPES = ['VARCHAR', 'INTEGER', 'NUMERIC', 'DATE'];

/**
 * A Wrs of `rows` x `columns` generated in the page (never shipped as a file): mixed types, a reference column.
 * With `invalidEvery` n > 0, every n-th row holds a value outside the reference column's list (a validation error).
 */
export function generatedWrs(rows: number, columns: number, invalidEvery = 0): string {
  const parts = [`<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns>`];
  for (let c = 1; c <= columns; c++) {
    const type = c === 3 ? 'CHAR' : TYPES[(c - 1) % TYPES.length];
    const refs = c === 3
      ? `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/></wrs:Columns></wrs:Header><wrs:Data>${COUNTRIES.map((v, k) => `<wrs:R id="r${k}"><wrs:C>${v}</wrs:C></wrs:R>`).join('')}</wrs:Data></wrs:Wrs></wrs:References>`
      : '';
    parts.push(`<wrs:C pos="${c}" id="c${c}" caption="Column ${c}" type-name="${type}"${type === 'NUMERIC' ? ' scale="2"' : ''}>${refs}</wrs:C>`);
  }
  parts.push('</wrs:Columns></wrs:Header><wrs:Data>');
  for (let r = 1; r <= rows; r++) {
    // One part per row: a part per cell made 22 million strings at 1,000,000 rows (bench peers-1m).
    let row = `<wrs:R id="R${r}">`;
    for (let c = 1; c <= columns; c++) {
      const type = c === 3 ? 'CHAR' : TYPES[(c - 1) % TYPES.length];
      let v: string;
      if (c === 3) v = invalidEvery > 0 && r % invalidEvery === 0 ? 'XX' : COUNTRIES[r % COUNTRIES.length];
      else if (type === 'INTEGER') v = String((r * 7 + c) % 1000);
      else if (type === 'NUMERIC') v = (((r * 13 + c) % 100000) / 100).toFixed(2);
      else if (type === 'DATE') v = `2026-${String(((r + c) % 12) + 1).padStart(2, '0')}-${String(((r + c) % 28) + 1).padStart(2, '0')}`;
      else v = `text ${r}-${c}`;
      row += `<wrs:C>${v}</wrs:C>`;
    }
    parts.push(row + '</wrs:R>');
  }
  parts.push('</wrs:Data></wrs:Wrs>');
  return parts.join('');
}
