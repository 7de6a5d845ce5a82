import { domName } from '../../testing/fixtures';
import { roundToScale } from './apply-scale';

describe(`roundToScale (${domName()})`, () => {
  it('rounds plain decimals half away from zero and leaves text that needs no rounding or is no number', () => {
    expect(['1.005', '-1.005', '9.995', '007.5', '-0.004', '1.5', 'abc', ''].map((t) => roundToScale(t, 2))).toEqual([
      '1.01', '-1.01', '10.00', '007.5', '0.00', '1.5', 'abc', '',
    ]);
    expect(roundToScale('-2.5', 0)).toBe('-3');
  });

  it('moves the decimal point by the exponent, however large, without building digits for it', () => {
    expect(roundToScale('1.23456e2', 2)).toBe('123.46');
    expect(roundToScale('1.234e2', 1)).toBe('1.234e2');
    expect(roundToScale('5e-3', 2)).toBe('0.01');
    expect(roundToScale('4.9e-3', 2)).toBe('0.00');
    expect(roundToScale('9.5e-1', 0)).toBe('1');
    expect(roundToScale('1e-999999999', 2)).toBe('0.00');
    expect(roundToScale('-1e-999999999', 0)).toBe('0');
    expect(roundToScale('1e-99999999999999999999999', 1000)).toBe('0.' + '0'.repeat(1000));
    expect(roundToScale('-2.5e999999999', 2)).toBe('-2.5e999999999');
    expect(roundToScale('1.5e99999999999999999999999', 0)).toBe('1.5e99999999999999999999999');
    // Past 1,000 places the digits still count: an exponent is never cut to zero or to a whole number.
    expect(roundToScale('1234e-1002', 1000)).toBe('0.' + '0'.repeat(998) + '12');
    expect(roundToScale('1.' + '5'.repeat(1500) + 'e1001', 2)).toBe('1' + '5'.repeat(1001) + '.56');
  });
});
