import { domName, wrsText } from '../../testing/fixtures';
import { parseXml } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import { cellValue, cellsOf } from '../rows/row-states';
import { StoredValidationResult, ValidationError, compareValidationErrors, findValidationResult, replaceValidationResultOf, validationErrorCountOf, validationWrsOf } from './validation-result';
import { expectConsistentDom } from '../../testing/dom-consistency';

/** A small deterministic random source, so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function resultRows(result: Element): string[] {
  return WrsIndex.ofElement(result).rows().map((row) => cellsOf(row).map(cellValue).join('|'));
}

function resultIds(result: Element): string[] {
  return WrsIndex.ofElement(result).rows().map((row) => row.getAttribute('id')!);
}

function expected(truth: Map<string, ValidationError[]>): string[] {
  return [...truth.values()].flat().sort(compareValidationErrors).map((e) => `${e.rowId}|${e.colId}|${e.message}`);
}

const COLUMNS = ['a', 'b', 'c', 'd'];

/** Errors of a data row, as a validation would give them: at most one per column, by column id. */
function someErrors(rowId: string, next: () => number): ValidationError[] {
  return COLUMNS.filter(() => next() < 0.3).map((colId) => ({ rowId, colId, message: `m${Math.floor(next() * 5)}` }));
}

describe(`StoredValidationResult (${domName()})`, () => {
  const doc = () => parseXml(wrsText([{ id: 'a' }], [['1']]));

  it('after any sequence of row updates holds what building the whole result anew would: the same rows, in order, with the same ids', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const wrs = doc().documentElement;
      const truth = new Map<string, ValidationError[]>();
      for (let r = 0; r < 60; r++) if (next() < 0.5) truth.set(`R${r}`, someErrors(`R${r}`, next));
      const all = () => [...truth.values()].flat().sort(compareValidationErrors);
      const stored = new StoredValidationResult('grid');
      stored.replaceAll(wrs, all());
      for (let step = 0; step < 40; step++) {
        const changed = new Set<string>();
        const count = 1 + Math.floor(next() * 4);
        for (let k = 0; k < count; k++) {
          // Ids that never had errors, ids that had, and ids sorting before and after all others (R0 < R100 < R9).
          const rowId = `R${Math.floor(next() * 120)}`;
          changed.add(rowId);
          const errors = next() < 0.35 ? [] : someErrors(rowId, next);
          if (errors.length) truth.set(rowId, errors);
          else truth.delete(rowId);
        }
        const result = stored.update(wrs, changed, (id) => truth.get(id) ?? [], all);
        expect(findValidationResult(wrs, 'grid')).withContext(`seed ${seed}, step ${step}`).toBe(result);
        expect(resultRows(result)).withContext(`seed ${seed}, step ${step}`).toEqual(expected(truth));
        // Ids as a result built anew from the same errors has them: <data row id>|<k>.
        const ids = resultIds(result);
        expect(ids).withContext(`seed ${seed}, step ${step}`).toEqual(resultIds(new StoredValidationResult('x').replaceAll(doc().documentElement, all())));
        expect(new Set(ids).size).toBe(ids.length);
        expect(validationErrorCountOf(wrs)).toBe(ids.length);
        expectConsistentDom([wrs.ownerDocument], `seed ${seed}, step ${step}`);
      }
    }
  });

  it('replaces only the result rows of the rows updated: the others stay the same nodes', () => {
    const wrs = doc().documentElement;
    const stored = new StoredValidationResult('grid');
    const result = stored.replaceAll(wrs, [
      { rowId: 'R1', colId: 'a', message: 'x' },
      { rowId: 'R2', colId: 'a', message: 'y' },
      { rowId: 'R3', colId: 'b', message: 'z' },
    ]);
    expect(resultIds(result)).toEqual(['R1|1', 'R2|1', 'R3|1']);
    const [first, second, third] = WrsIndex.ofElement(result).rows();
    stored.update(wrs, new Set(['R2']), () => [{ rowId: 'R2', colId: 'c', message: 'w' }], () => []);
    const rows = WrsIndex.ofElement(result).rows();
    expect(rows[0]).toBe(first);
    expect(rows[2]).toBe(third);
    expect(rows[1]).not.toBe(second);
    expect(resultRows(result)).toEqual(['R1|a|x', 'R2|c|w', 'R3|b|z']);
  });

  it('builds the result anew when something else replaced or removed it, or changed its rows', () => {
    const wrs = doc().documentElement;
    const truth = [{ rowId: 'R1', colId: 'a', message: 'x' }, { rowId: 'R2', colId: 'a', message: 'y' }];
    const stored = new StoredValidationResult('grid');
    stored.replaceAll(wrs, truth);
    // Another result put in its place (replaceValidationResult of the same id).
    replaceValidationResultOf(wrs, validationWrsOf(wrs.ownerDocument!, 'grid', [{ rowId: 'R7', colId: 'b', message: 'q' }]), 'grid');
    let result = stored.update(wrs, new Set(['R1']), () => [truth[0]], () => truth);
    expect(resultRows(result)).toEqual(['R1|a|x', 'R2|a|y']);
    // Removed.
    replaceValidationResultOf(wrs, null, 'grid');
    result = stored.update(wrs, new Set(['R2']), () => [truth[1]], () => truth);
    expect(findValidationResult(wrs, 'grid')).toBe(result);
    expect(resultRows(result)).toEqual(['R1|a|x', 'R2|a|y']);
    // One of its rows removed from outside: the row of R2 cannot be replaced where it was.
    const data = WrsIndex.ofElement(result).rows()[1].parentNode!;
    data.removeChild(WrsIndex.ofElement(result).rows()[1]);
    result = stored.update(wrs, new Set(['R2']), () => [truth[1]], () => truth);
    expect(resultRows(result)).toEqual(['R1|a|x', 'R2|a|y']);
  });

  it('a validation id is required', () => {
    expect(() => new StoredValidationResult('')).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
  });
});
