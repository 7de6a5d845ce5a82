import { domName } from '../../testing/fixtures';
import { pushAll } from './push-all';

describe(`pushAll (${domName()})`, () => {
  it('appends 1,000,000 items in order, where push(...items) overflows the call stack', () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => i);
    const target = [-1];
    expect(pushAll(target, items)).toBe(target);
    expect(target.length).toBe(1_000_001);
    expect([target[0], target[1], target[1_000_000]]).toEqual([-1, 0, 999_999]);
  });
});
