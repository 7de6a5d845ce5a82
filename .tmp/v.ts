import 'ngx-wrs-grid/core/xmldom';
import { RowStore } from '../projects/ui-grid/core/src/rows/row-store';
import { generatedWrs } from '../projects/demo-app/src/app/pages/grid-pages-data';
for (const n of [1000, 10000, 100000]) {
  const text = generatedWrs(n, 20);
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const s = RowStore.open(text)!;
    const t1 = performance.now();
    s.scan();
    const t2 = performance.now();
    s.verify();
    const t3 = performance.now();
    console.log(n, text.length, 'open', (t1 - t0).toFixed(1), 'scan', (t2 - t1).toFixed(1), 'verify', (t3 - t2).toFixed(1));
  }
}
