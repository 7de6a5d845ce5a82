// Client-side filtering and sorting of 100,000 x 20 rows, as the grid's column filters and header sort do it.
import { filterRows } from '../../projects/ui-grid/core/src/filter/row-filter';
import { sortRows } from '../../projects/ui-grid/core/src/filter/row-order';
import { ColumnValues } from '../../projects/ui-grid/core/src/filter/column-values';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const F = 'http://www.businesscode.de/schema/bcdui/filter-1.0.0';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function time(fn: () => unknown, runs = 7): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export function runFilterCases(env: string): Figure[] {
  const index = WrsIndex.of(parseXml(generateWrs(100_000, 20)));
  index.rowCount;
  const filter = (body: string) => parseXml(`<f:Filter xmlns:f="${F}">${body}</f:Filter>`).documentElement;
  const contains = filter('<f:Expression bRef="c1" op="like" value="*7-1*" ic="true"/>');
  const combined = filter(
    '<f:Expression bRef="c1" op="like" value="*1*" ic="true"/><f:Expression bRef="c2" op="&gt;=" value="100"/><f:Expression bRef="c2" op="&lt;" value="800"/><f:Expression bRef="c3" op="in" value="DE,FR"/><f:Expression bRef="c20" op="&gt;=" value="2026-03-01"/>',
  );
  const figures: Figure[] = [];
  let kept = 0;
  figures.push({ suite: 'filter', name: 'filter.textContains.100k', value: time(() => (kept = filterRows(index, contains).length)), unit: 'ms', target: 100, env });
  figures.push({ suite: 'filter', name: 'filter.textContains.100k.rowsKept', value: kept, unit: 'count', env });
  figures.push({ suite: 'filter', name: 'filter.fiveColumns.100k', value: time(() => (kept = filterRows(index, combined).length)), unit: 'ms', target: 100, env });
  figures.push({ suite: 'filter', name: 'filter.fiveColumns.100k.rowsKept', value: kept, unit: 'count', env });
  const values = new ColumnValues(index);
  figures.push({ suite: 'filter', name: 'filter.fiveColumns.100k.firstWithColumnValues', value: time(() => {
    values.invalidate();
    filterRows(index, combined, { values });
  }), unit: 'ms', env });
  figures.push({ suite: 'filter', name: 'filter.fiveColumns.100k.keptColumnValues', value: time(() => filterRows(index, combined, { values })), unit: 'ms', target: 100, env });
  figures.push({ suite: 'filter', name: 'filter.textContains.100k.keptColumnValues', value: time(() => filterRows(index, contains, { values })), unit: 'ms', target: 100, env });
  figures.push({ suite: 'filter', name: 'sort.numeric.100k.keptColumnValues', value: time(() => sortRows(index, index.rows(), [{ colId: 'c2' }], values), 3), unit: 'ms', env });
  figures.push({ suite: 'filter', name: 'sort.numeric.100k', value: time(() => sortRows(index, index.rows(), [{ colId: 'c2' }]), 3), unit: 'ms', env });
  figures.push({ suite: 'filter', name: 'sort.text.100k', value: time(() => sortRows(index, index.rows(), [{ colId: 'c1', descending: true }]), 3), unit: 'ms', env });
  return figures;
}
