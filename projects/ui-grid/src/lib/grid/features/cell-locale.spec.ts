import { WrsError } from 'ngx-wrs-grid/core';
import { canonicalCellValue, cellLocale, gridCellLocale, localeCellText, localeEditText } from './cell-locale';

describe('cell locale', () => {
  const de = cellLocale('de-DE');
  const en = cellLocale('en-US');
  const fr = cellLocale('fr-FR');
  const decimal = { numeric: true, typeName: 'DECIMAL', scale: 2 };
  const double = { numeric: true, typeName: 'DOUBLE', scale: null };
  const date = { numeric: false, typeName: 'DATE', scale: null };
  const timestamp = { numeric: false, typeName: 'TIMESTAMP', scale: null };
  const text = { numeric: false, typeName: 'VARCHAR', scale: null };

  it('shows numbers with the locale\'s decimal separator, rounded to the scale and never grouped', () => {
    expect(localeCellText(de, decimal, '1.37')).toBe('1,37');
    expect(localeCellText(de, decimal, '1234.5')).toBe('1234,50');
    expect(localeCellText(de, decimal, '-0.005')).toBe('-0,01');
    expect(localeCellText(de, double, '1234.56789')).toBe('1234,56789');
    expect(localeCellText(en, decimal, '1234.5')).toBe('1234.50');
    expect(localeCellText(de, decimal, 'abc')).withContext('no number: shown as stored').toBe('abc');
  });

  it('shows dates and timestamps in the locale\'s short date, the time as stored', () => {
    expect(localeCellText(de, date, '2026-02-02')).toBe('02.02.2026');
    expect(localeCellText(en, date, '2026-02-03')).toBe('02/03/2026');
    expect(localeCellText(de, timestamp, '2026-02-02T09:30:00')).toBe('02.02.2026 09:30:00');
    expect(localeCellText(de, date, '02.02.2026')).withContext('no ISO date: shown as stored').toBe('02.02.2026');
    expect(localeCellText(de, text, '1.37')).toBe('1.37');
  });

  it('gives an editor and a copy every digit, in the locale', () => {
    expect(localeEditText(de, decimal, '1.375')).toBe('1,375');
    expect(localeEditText(de, date, '2026-02-02')).toBe('02.02.2026');
  });

  it('reads numbers typed in the locale, group separators only between groups of three', () => {
    expect(canonicalCellValue(de, decimal, '1.234,56')).toBe('1234.56');
    expect(canonicalCellValue(de, decimal, '1,37')).toBe('1.37');
    expect(canonicalCellValue(de, decimal, ' -1.000.000 ')).toBe('-1000000');
    expect(canonicalCellValue(de, decimal, ',5')).toBe('0.5');
    expect(canonicalCellValue(de, decimal, '1.234')).withContext('German grouping wins').toBe('1234');
    expect(canonicalCellValue(en, decimal, '1,234.56')).toBe('1234.56');
    expect(canonicalCellValue(fr, decimal, '1\u202f234,5')).toBe('1234.5');
    expect(canonicalCellValue(fr, decimal, '1 234,5')).toBe('1234.5');
  });

  it('keeps canonical text from another app, and any text no locale form reads, as it is for validation', () => {
    expect(canonicalCellValue(de, decimal, '1234.56')).toBe('1234.56');
    expect(canonicalCellValue(de, decimal, '1,2,3')).toBe('1,2,3');
    expect(canonicalCellValue(de, decimal, '12.34.5')).toBe('12.34.5');
    expect(canonicalCellValue(de, decimal, '')).toBe('');
    expect(canonicalCellValue(en, decimal, '1,5')).toBe('1,5');
    expect(canonicalCellValue(de, text, '1,5')).toBe('1,5');
  });

  it('reads dates and timestamps typed in the locale, ISO text too; no calendar day stays as typed', () => {
    expect(canonicalCellValue(de, date, '02.02.2026')).toBe('2026-02-02');
    expect(canonicalCellValue(de, date, '2.3.2026')).toBe('2026-03-02');
    expect(canonicalCellValue(en, date, '3/2/2026')).toBe('2026-03-02');
    expect(canonicalCellValue(de, date, '2026-02-02')).toBe('2026-02-02');
    expect(canonicalCellValue(de, date, '31.02.2026')).toBe('31.02.2026');
    expect(canonicalCellValue(de, timestamp, '02.02.2026 9:30')).toBe('2026-02-02T09:30');
    expect(canonicalCellValue(de, timestamp, '02.02.2026 09:30:15.5')).toBe('2026-02-02T09:30:15.5');
    expect(canonicalCellValue(de, timestamp, '2026-02-02 09:30:00')).toBe('2026-02-02 09:30:00');
  });

  it('round-trips what it shows: the edit text reads back as the stored value', () => {
    for (const [column, value] of [[decimal, '-1234.5'], [double, '0.001'], [date, '1999-12-31'], [timestamp, '2026-02-02T23:59:59']] as const) {
      for (const locale of [de, en, fr]) expect(canonicalCellValue(locale, column, localeEditText(locale, column, value))).withContext(`${locale.tag} ${value}`).toBe(value);
    }
  });

  it('takes the grid\'s locale input over LOCALE_ID; Angular\'s default en-US and an empty input stay canonical', () => {
    expect(gridCellLocale(null, 'en-US')).toBeNull();
    expect(gridCellLocale(null, 'de')?.decimal).toBe(',');
    expect(gridCellLocale('en-GB', 'de')?.decimal).toBe('.');
    expect(gridCellLocale('', 'de')).toBeNull();
    expect(gridCellLocale('en-US', 'en-US')?.tag).toBe('en-US');
  });

  it('refuses a tag Intl does not know with a typed error naming it', () => {
    let error: unknown;
    try {
      cellLocale('not a locale!');
    } catch (e) {
      error = e;
    }
    expect(error instanceof WrsError && error.code === 'INVALID_ARGUMENT' && error.input === 'not a locale!').toBeTrue();
  });
});
