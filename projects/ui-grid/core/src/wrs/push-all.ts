/**
 * Appends `items` to `target` and returns `target`. Unlike `target.push(...items)` it takes arrays of any length:
 * a spread passes every item as an argument, and past about 130,000 of them the call stack overflows (RangeError).
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
