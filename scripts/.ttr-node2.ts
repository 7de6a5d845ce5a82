import 'ngx-wrs-grid/core/xmldom';
import { RowStore } from '../projects/ui-grid/core/src/rows/row-store';
import { parseXml } from '../projects/ui-grid/core/src/xml/dom';
import { generateWrs } from '../bench/data/generate-wrs';
const text = generateWrs(Number(process.argv[2] ?? 5000), 20);
const t = (f: () => unknown) => { const t0 = performance.now(); f(); return performance.now() - t0; };
for (let i = 0; i < 2; i++) {
  const whole = t(() => parseXml(text));
  const once = t(() => RowStore.open(text)!.materialize());
  let slices = 0;
  const sliced = t(() => { const s = RowStore.open(text)!; s.materializeSlice({ rows: 100 }); while (!s.materializeSlice({ budgetMs: 8 })) slices++; });
  console.log(JSON.stringify({ whole: Math.round(whole), once: Math.round(once), sliced: Math.round(sliced), slices }));
}
