import { FillKind, continueSeries, fillKindOf } from './fill-series';

describe('fill series', () => {
  const next = (sources: (string | null)[], kind: FillKind, count = 3) => continueSeries(sources, kind, count);

  it('a single cell is copied, whatever its kind', () => {
    expect(next(['7'], 'number')).toEqual(['7', '7', '7']);
    expect(next(['2026-02-02'], 'date')).toEqual(['2026-02-02', '2026-02-02', '2026-02-02']);
    expect(next(['Item 1'], 'text')).toEqual(['Item 1', 'Item 1', 'Item 1']);
    expect(next([null], 'number')).toEqual([null, null, null]);
  });

  it('numbers with an equal step continue, exactly in decimals', () => {
    expect(next(['1', '2'], 'number')).toEqual(['3', '4', '5']);
    expect(next(['10', '8', '6'], 'number')).toEqual(['4', '2', '0']);
    expect(next(['0.1', '0.2'], 'number')).toEqual(['0.3', '0.4', '0.5']);
    expect(next(['1.5', '2'], 'number')).toEqual(['2.5', '3.0', '3.5']);
    expect(next(['-0.25', '-0.5'], 'number', 2)).toEqual(['-0.75', '-1.00']);
    expect(next(['1', '0'], 'number', 2)).toEqual(['-1', '-2']);
    expect(next(['9007199254740991', '9007199254740992'], 'number', 1)).toEqual(['9007199254740993']);
  });

  it('numbers with unequal steps, an empty cell or a non-number repeat the selected cells', () => {
    expect(next(['1', '2', '4'], 'number', 4)).toEqual(['1', '2', '4', '1']);
    expect(next(['1', null], 'number')).toEqual(['1', null, '1']);
    expect(next(['1', ''], 'number')).toEqual(['1', '', '1']);
    expect(next(['1', '1e3'], 'number')).toEqual(['1', '1e3', '1']);
  });

  it('dates step by whole days, across months and leap days', () => {
    expect(next(['2026-02-02', '2026-02-03'], 'date')).toEqual(['2026-02-04', '2026-02-05', '2026-02-06']);
    expect(next(['2028-02-27', '2028-02-28'], 'date', 2)).toEqual(['2028-02-29', '2028-03-01']);
    expect(next(['2026-01-01', '2026-01-08'], 'date', 2)).toEqual(['2026-01-15', '2026-01-22']);
    expect(next(['2026-03-10', '2026-03-09'], 'date', 1)).toEqual(['2026-03-08']);
    expect(next(['2026-02-30', '2026-03-01'], 'date', 1)).toEqual(['2026-02-30']);
  });

  it('timestamps with one time of day step their date by days and keep the time as stored', () => {
    expect(next(['2026-02-02T09:30:00', '2026-02-03T09:30:00'], 'timestamp', 2)).toEqual(['2026-02-04T09:30:00', '2026-02-05T09:30:00']);
    expect(next(['2026-02-02 09:30', '2026-02-04 09:30'], 'timestamp', 1)).toEqual(['2026-02-06 09:30']);
    expect(next(['2026-02-02T09:30:00', '2026-02-03T10:30:00'], 'timestamp', 1)).toEqual(['2026-02-02T09:30:00']);
  });

  it('a text ending in a number counts on with the same text before it, keeping leading zeros', () => {
    expect(next(['Item 1', 'Item 2'], 'text')).toEqual(['Item 3', 'Item 4', 'Item 5']);
    expect(next(['A-008', 'A-009'], 'text', 2)).toEqual(['A-010', 'A-011']);
    expect(next(['x9', 'x10'], 'text', 1)).toEqual(['x11']);
    expect(next(['Item 2', 'Item 1'], 'text', 3)).toEqual(['Item 0', 'Item 1', 'Item 2']);
    expect(next(['Item 1', 'Case 2'], 'text')).toEqual(['Item 1', 'Case 2', 'Item 1']);
    expect(next(['a', 'b'], 'text')).toEqual(['a', 'b', 'a']);
  });

  it('a copy column repeats even numbers in a series', () => {
    expect(next(['1', '2'], 'copy')).toEqual(['1', '2', '1']);
  });

  it('the kind follows the column: references and checkboxes only copy', () => {
    const column = { numeric: false, typeName: 'VARCHAR', checkbox: null, references: null };
    expect(fillKindOf({ ...column, numeric: true, typeName: 'INTEGER' })).toBe('number');
    expect(fillKindOf({ ...column, typeName: 'DATE' })).toBe('date');
    expect(fillKindOf({ ...column, typeName: 'TIMESTAMP' })).toBe('timestamp');
    expect(fillKindOf(column)).toBe('text');
    expect(fillKindOf({ ...column, numeric: true, references: {} })).toBe('copy');
    expect(fillKindOf({ ...column, checkbox: { on: '1', off: '0' } })).toBe('copy');
  });
});
