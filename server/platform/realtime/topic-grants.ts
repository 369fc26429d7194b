import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * A topic a user may hear, and since when: `since` is the moment they joined it (e.g.
 * their team membership's creation) in microseconds since 1970, or null for all that is
 * kept (their own `user:{id}`, an owner's doors). A replay and a live delivery both skip
 * what was published to a topic before the person joined it (decision 020).
 */
export type TopicGrant = { topic: string; since: number | null };

/** Topic → since (microseconds, or null for everything kept): what one stream may hear. */
export type HeardTopics = ReadonlyMap<string, number | null>;

/**
 * A timestamp as whole microseconds since 1970 (`bigint`), exact on both drivers: a Date
 * keeps milliseconds only, and an alert sent in the same millisecond before someone joined
 * must still be left out.
 */
export const epochMicros = (timestamp: SQLWrapper): SQL =>
  sql`(extract(epoch from ${timestamp}) * 1000000)::bigint`;

/** A `since` as read from a row: `bigint` arrives as a string (pg) or bigint (PGlite). */
export const sinceOf = (value: string | number | bigint | null): number | null =>
  value === null ? null : Number(value);

/** One user's grants from all sources: a topic granted twice is heard since the earlier. */
export function mergeGrants(grants: Iterable<TopicGrant>): Map<string, number | null> {
  const merged = new Map<string, number | null>();
  for (const { topic, since } of grants) {
    const known = merged.get(topic);
    if (known === undefined) merged.set(topic, since);
    else if (known !== null) merged.set(topic, since === null ? null : Math.min(known, since));
  }
  return merged;
}

/** Whether a stream that hears these topics may receive an event published at `at`. */
export function hears(topics: HeardTopics, topic: string, at: number): boolean {
  const since = topics.get(topic);
  return since !== undefined && (since === null || at >= since);
}
