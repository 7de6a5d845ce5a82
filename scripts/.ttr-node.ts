import 'ngx-wrs-grid/core/xmldom';
import { WrsTextLoad } from '../projects/ui-grid/core/src/data-provider/wrs-text-load';
import { parseXml } from '../projects/ui-grid/core/src/xml/dom';
import { generateWrs } from '../bench/data/generate-wrs';
const text = generateWrs(Number(process.argv[2] ?? 5000), 20);
const t = (f: () => unknown) => { const t0 = performance.now(); f(); return performance.now() - t0; };
(async () => {
  for (let i = 0; i < 3; i++) {
    const whole = t(() => parseXml(text));
    const t0 = performance.now();
    await new WrsTextLoad().parse(text, () => true);
    const sliced = performance.now() - t0;
    console.log(JSON.stringify({ whole: Math.round(whole), sliced: Math.round(sliced), ratio: +(sliced / whole).toFixed(2) }));
  }
})();
