import { WrsError } from '../errors';

/** Values for dot placeholders: `{{=it.name}}` reads an object, `{{=it[0]}}` an array. */
export type FillParams = Record<string, unknown> | readonly unknown[];

// An optional quote, the placeholder, and the same quote again: the quotes go when the value needs concat().
const PLACEHOLDER = /(['"]?)\{\{=\s*it((?:\.[A-Za-z_$][\w$]*|\[\s*\d+\s*\]|\[\s*(['"])[^'"]*\3\s*\])+)\s*\}\}\1/g;
const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*['"]([^'"]*)['"]\s*\]/g;

function lookup(params: FillParams, accessors: string, template: string): unknown {
  let value: unknown = params;
  for (const m of accessors.matchAll(ACCESSOR)) {
    const key = m[1] ?? m[3] ?? Number(m[2]);
    if (value === null || value === undefined || !(key in Object(value))) {
      throw new WrsError('PLACEHOLDER_MISSING', `No value for placeholder it${accessors} in "${template}"`, template);
    }
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** An XPath string literal for any text: `concat(...)` where the text holds the quote (spec 4.4). */
export function xpathLiteral(text: string, quote: "'" | '"' = "'"): string {
  if (!text.includes(quote)) return quote + text + quote;
  const other = quote === "'" ? '"' : "'";
  const parts = text.split(quote).map((p) => quote + p + quote);
  return `concat(${parts.join(`, ${other}${quote}${other}, `)}, ${quote}${quote})`;
}

/** Fills the dot placeholders of an XPath template. A template without placeholders comes back unchanged. */
export function fillPlaceholders(template: string, params?: FillParams | null): string {
  if (!template.includes('{{')) return template;
  if (params === null || params === undefined) {
    throw new WrsError('PLACEHOLDER_MISSING', `XPath "${template}" has placeholders but no fillParams were given`, template);
  }
  return template.replace(PLACEHOLDER, (_all, quote: string, accessors: string) => {
    const raw = lookup(params, accessors, template);
    const text = raw === null || raw === undefined ? '' : String(raw);
    if (quote === "'" || quote === '"') {
      return text.includes(quote) ? xpathLiteral(text, quote) : quote + text + quote;
    }
    if (text.includes("'") || text.includes('"')) return xpathLiteral(text, "'");
    return text;
  });
}
