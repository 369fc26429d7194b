/**
 * A per-process map whose entries stop counting at their own deadline, and which starts
 * over when full (a crude bound, but the caches it serves are cheap to refill: a lookup
 * or a signature check each). Used by the auth service for session liveness and for
 * checked token signatures.
 */
export type ExpiringCache<V> = {
  /** The value while its deadline is ahead, else undefined. */
  get(key: string): V | undefined;
  set(key: string, value: V, until: number): void;
  /** Drops every entry the predicate picks (e.g. all of a user's sessions). */
  deleteWhere(pick: (key: string, value: V) => boolean): void;
};

export function expiringCache<V>(max: number, now: () => number): ExpiringCache<V> {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      return entry && now() < entry.until ? entry.value : undefined;
    },
    set(key, value, until) {
      if (entries.size >= max) entries.clear();
      entries.set(key, { value, until });
    },
    deleteWhere(pick) {
      for (const [key, entry] of entries) if (pick(key, entry.value)) entries.delete(key);
    },
  };
}
