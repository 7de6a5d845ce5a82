import 'ngx-wrs-grid/core/xmldom';
import { parseXml } from './projects/ui-grid/core/src/xml/dom';
import { RowStore } from './projects/ui-grid/core/src/rows/row-store';
const NSW = 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0';
function largeWrs(rows: number): string {
  const header = Array.from({ length: 20 }, (_, i) => `<wrs:C pos="${i + 1}" id="c${i + 1}"/>`).join('');
  const cells = (r: number) => Array.from({ length: 20 }, (_, c) => `<wrs:C>${c === 3 ? 'a &amp; b' : `r${r}c${c}`}</wrs:C>`).join('');
  let data = '';
  for (let r = 1; r <= rows; r++) data += `\n<wrs:R id="R${r}">${cells(r)}</wrs:R>`;
  return `<wrs:Wrs xmlns:wrs="${NSW}"><wrs:Header><wrs:Columns>${header}</wrs:Columns></wrs:Header><wrs:Data>${data}\n</wrs:Data></wrs:Wrs>`;
}
const text = largeWrs(5000);
let t = performance.now();
parseXml(text);
console.log('parseXml', performance.now() - t);
t = performance.now();
const s = RowStore.open(text)!;
console.log('open', performance.now() - t);
t = performance.now();
s.scan();
console.log('scan', performance.now() - t);
t = performance.now();
let n = 0;
while (!s.materializeSlice({ budgetMs: 8 })) n++;
console.log('materialize', performance.now() - t, n);
