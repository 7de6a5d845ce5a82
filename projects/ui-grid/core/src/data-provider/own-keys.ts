// Records keyed by column ids and attribute names take any text as a key: `__proto__` or `constructor` too. Such a
// key is an own property here, never the prototype's.

/** Sets `key` as an own, enumerable property (`__proto__` included, which plain assignment turns into the prototype). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The record's own value under `key`, never an inherited one (`constructor` of a plain object is not a caption). */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
