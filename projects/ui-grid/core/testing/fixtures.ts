import { NS } from '../src/xml/namespaces';

/** Spec fixtures: small Wrs documents whose content every spec can see at a glance. */
export const WRS = NS.wrs;

export interface FixtureColumn {
  id: string;
  type?: string;
  nullable?: '0' | '1';
  scale?: number;
  isKey?: boolean;
  references?: string[];
}

/** A Wrs with the given columns and R rows `R1..Rn` (cell values as given; null -> wrs:null). */
export function wrsText(columns: FixtureColumn[], rows: (string | null)[][], extraHeader = ''): string {
  const cols = columns
    .map((c, i) => {
      const refs = c.references
        ? `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/></wrs:Columns></wrs:Header><wrs:Data>${c.references
            .map((r, k) => `<wrs:R id="r${k + 1}"><wrs:C>${r}</wrs:C></wrs:R>`)
            .join('')}</wrs:Data></wrs:Wrs></wrs:References>`
        : '';
      const attrs = [
        `pos="${i + 1}"`,
        `id="${c.id}"`,
        `caption="${c.id.toUpperCase()}"`,
        `type-name="${c.type ?? 'VARCHAR'}"`,
        c.nullable ? `nullable="${c.nullable}"` : '',
        c.scale !== undefined ? `scale="${c.scale}"` : '',
        c.isKey ? 'isKey="true"' : '',
      ].filter(Boolean);
      return `<wrs:C ${attrs.join(' ')}>${refs}</wrs:C>`;
    })
    .join('');
  const data = rows
    .map((cells, r) => `<wrs:R id="R${r + 1}">${cells.map((v) => (v === null ? '<wrs:C><wrs:null/></wrs:C>' : `<wrs:C>${v}</wrs:C>`)).join('')}</wrs:R>`)
    .join('');
  return `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header>${extraHeader}<wrs:Columns>${cols}</wrs:Columns></wrs:Header><wrs:Data>${data}</wrs:Data></wrs:Wrs>`;
}

/** Three columns (name, qty INTEGER, country with references) and three rows. */
export function ordersWrs(): string {
  return wrsText(
    [
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER', nullable: '0' },
      { id: 'country', references: ['DE', 'FR', 'IT'] },
    ],
    [
      ['Anna', '3', 'DE'],
      ['Bert', '5', 'FR'],
      ['Cleo', '7', null],
    ],
  );
}

/** Which DOM the specs run on, for spec names. */
export function domName(): string {
  return typeof (globalThis as { DOMParser?: unknown }).DOMParser === 'function' ? 'browser DOM' : '@xmldom/xmldom';
}
