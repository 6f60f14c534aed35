/**
 * Sets `key` as the newest entry of `map` and drops the oldest entries past `maxEntries`: a Map
 * iterates in insertion order, so re-inserting on use (see {@link touchBounded}) makes this an LRU.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > maxEntries) map.delete(map.keys().next().value as K);
}

/** The value of `key`, moved to the newest end of `map` so that it is dropped last. */
export function touchBounded<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}
