import { NS } from 'ngx-wrs-grid/core';
import { ColumnBinding } from './binding-sets';
import { escapeAttribute, escapeText } from './xml-text';

/** A column of an answer: its binding (absent for computed columns like a count) and the header attributes. */
export interface AnswerColumn {
  readonly id: string;
  readonly binding?: ColumnBinding;
  readonly typeName: string;
  /** Attributes the request asked to carry over (caption, unit, ...), already checked not to be security relevant. */
  readonly extra?: readonly (readonly [string, string])[];
  /** Allowed values, one [id, caption] pair each. */
  readonly references?: readonly (readonly [string | null, string | null])[];
}

export interface Answer {
  readonly bindingSetId: string;
  readonly columns: readonly AnswerColumn[];
  readonly rows: readonly (readonly (string | null)[])[];
  /** Id of the first row is `R<firstRowNumber>`, so ids stay unique across server-side pages. */
  readonly firstRowNumber: number;
  /** Set when a limit cut the result. */
  readonly maxRowsExceeded?: number;
}

function cell(value: string | null): string {
  return value === null ? '<wrs:C><wrs:null/></wrs:C>' : `<wrs:C>${escapeText(value)}</wrs:C>`;
}

function referencesXml(refs: readonly (readonly [string | null, string | null])[]): string {
  const rows = refs.map((r, i) => `<wrs:R id="R${i + 1}">${cell(r[0])}${cell(r[1] ?? r[0])}</wrs:R>`).join('');
  return (
    '<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns>' +
    '<wrs:C pos="1" id="id" type-name="VARCHAR"/><wrs:C pos="2" id="caption" type-name="VARCHAR"/>' +
    `</wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs></wrs:References>`
  );
}

function headerColumn(column: AnswerColumn, pos: number): string {
  const b = column.binding;
  const attrs: [string, string][] = [['pos', String(pos)], ['id', column.id]];
  if (b) {
    attrs.push(['caption', b.caption], ['type-name', b.type], ['nullable', b.nullable ? '1' : '0']);
    if (b.size !== undefined) attrs.push(['display-size', String(b.size)]);
    if (b.scale !== undefined) attrs.push(['scale', String(b.scale)]);
    if (b.key) attrs.push(['isKey', 'true']);
    if (b.readOnly) attrs.push(['isReadOnly', 'true']);
    if (b.unit !== undefined) attrs.push(['unit', b.unit]);
  } else attrs.push(['caption', column.id], ['type-name', column.typeName], ['nullable', '0'], ['isReadOnly', 'true']);
  for (const [name, value] of column.extra ?? []) {
    const i = attrs.findIndex((a) => a[0] === name);
    if (i >= 0) attrs[i] = [name, value];
    else attrs.push([name, value]);
  }
  const text = attrs.map(([n, v]) => `${n}="${escapeAttribute(v)}"`).join(' ');
  return column.references ? `<wrs:C ${text}>${referencesXml(column.references)}</wrs:C>` : `<wrs:C ${text}/>`;
}

/** The `wrs:Wrs` text of an answer: full header, `wrs:R` rows, and `wrs:Footer/wrs:MaxRowsExceeded` when cut. */
export function wrsAnswerXml(answer: Answer): string {
  const out: string[] = [
    `<wrs:Wrs xmlns:wrs="${NS.wrs}" ts="${Date.now()}"><wrs:Header>`,
    `<wrs:BindingSet>${escapeText(answer.bindingSetId)}</wrs:BindingSet><wrs:Columns>`,
    ...answer.columns.map((c, i) => headerColumn(c, i + 1)),
    '</wrs:Columns></wrs:Header><wrs:Data>',
  ];
  let n = answer.firstRowNumber;
  for (const row of answer.rows) {
    let r = `<wrs:R id="R${n++}">`;
    for (const v of row) r += v === null ? '<wrs:C><wrs:null/></wrs:C>' : `<wrs:C>${escapeText(v)}</wrs:C>`;
    out.push(r + '</wrs:R>');
  }
  out.push('</wrs:Data>');
  if (answer.maxRowsExceeded !== undefined) {
    out.push(`<wrs:Footer><wrs:MaxRowsExceeded maxRows="${answer.maxRowsExceeded}">true</wrs:MaxRowsExceeded></wrs:Footer>`);
  }
  out.push('</wrs:Wrs>');
  return out.join('');
}
