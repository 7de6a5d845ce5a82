// Generates Wrs documents for benchmarks at run time (never committed): N rows x M columns of mixed types.
const WRS_NS = 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0';
const TYPES = ['VARCHAR', 'INTEGER', 'NUMERIC', 'DATE'] as const;
const COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'AT', 'CH'];

/** Column type of a 1-based position: column 3 holds references, the others cycle through VARCHAR, INTEGER, NUMERIC, DATE. */
export function columnType(pos: number): string {
  return pos === 3 ? 'CHAR' : TYPES[(pos - 1) % TYPES.length];
}

/** The value of a cell: the same for every format generated here and in the demo's `generatedWrs`. */
export function cellValue(pos: number, row: number): string {
  if (pos === 3) return COUNTRIES[row % COUNTRIES.length];
  switch (columnType(pos)) {
    case 'INTEGER':
      return String((row * 7 + pos) % 1000);
    case 'NUMERIC':
      return ((row * 13 + pos) % 100000 / 100).toFixed(2);
    case 'DATE': {
      const day = (row + pos) % 28 + 1;
      const month = (row + pos) % 12 + 1;
      return `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    default:
      return `text ${row}-${pos}`;
  }
}

/** A Wrs document as text with `rows` rows `R1..Rn` and `columns` columns `c1..cm`. */
export function generateWrs(rows: number, columns: number): string {
  const parts: string[] = [`<wrs:Wrs xmlns:wrs="${WRS_NS}"><wrs:Header><wrs:Columns>`];
  for (let c = 1; c <= columns; c++) {
    const type = columnType(c);
    const scale = type === 'NUMERIC' ? ' scale="2"' : '';
    const refs =
      c === 3
        ? `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/></wrs:Columns></wrs:Header><wrs:Data>${COUNTRIES.map(
            (v, k) => `<wrs:R id="r${k}"><wrs:C>${v}</wrs:C></wrs:R>`,
          ).join('')}</wrs:Data></wrs:Wrs></wrs:References>`
        : '';
    parts.push(`<wrs:C pos="${c}" id="c${c}" caption="Column ${c}" type-name="${type}"${scale} nullable="1">${refs}</wrs:C>`);
  }
  parts.push('</wrs:Columns></wrs:Header><wrs:Data>');
  for (let r = 1; r <= rows; r++) {
    let row = `<wrs:R id="R${r}">`;
    for (let c = 1; c <= columns; c++) row += `<wrs:C>${cellValue(c, r)}</wrs:C>`;
    parts.push(row + '</wrs:R>');
  }
  parts.push('</wrs:Data></wrs:Wrs>');
  return parts.join('');
}

/** The same rows as JSON text, as peer grids take them: `[{"id": "R1", "c1": ..., "cm": ...}, ...]`, values as strings. */
export function generateRowsJson(rows: number, columns: number): string {
  const parts: string[] = [];
  for (let r = 1; r <= rows; r++) {
    const row: Record<string, string> = { id: `R${r}` };
    for (let c = 1; c <= columns; c++) row[`c${c}`] = cellValue(c, r);
    parts.push(JSON.stringify(row));
  }
  return `[${parts.join(',')}]`;
}
