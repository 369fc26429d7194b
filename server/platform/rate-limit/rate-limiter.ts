import { eq, sql } from "drizzle-orm";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rateLimits } from "#server/platform/db/platform.schema.ts";

/**
 * At most `limit` hits per `windowSeconds` for one key. With `blockSeconds`, going over
 * blocks the key for that long, doubling with each further strike (growing delays) until
 * a whole window passes without one.
 */
export type RateRule = {
  name: string;
  limit: number;
  windowSeconds: number;
  blockSeconds?: number;
};

export type RateDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one hit; returns whether it is within the rule. */
  hit(rule: RateRule, key: string): Promise<RateDecision>;
  /** Counts one hit; throws RESOURCE_EXHAUSTED with a human message when over. */
  consume(rule: RateRule, key: string): Promise<RateDecision>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(rule: RateRule, key: string): Promise<void>;
};

export function rateLimitedError(retryAfterSeconds: number): FunctionError {
  const wait =
    retryAfterSeconds >= 120
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : `${retryAfterSeconds} seconds`;
  return new FunctionError(
    "RESOURCE_EXHAUSTED",
    `Too many attempts. Please try again in ${wait}.`,
    {
      retryAfterSeconds,
    },
  );
}

type Counter = { windowStartedAt: Date; hits: number; strikes: number; blockedUntil: Date | null };

/** The rule applied to one hit: pure, so the arithmetic is tested on its own. */
export function nextCounter(rule: RateRule, previous: Counter | null, now: Date): Counter {
  const windowMs = rule.windowSeconds * 1000;
  if (!previous) return { windowStartedAt: now, hits: 1, strikes: 0, blockedUntil: null };
  const blocked = previous.blockedUntil !== null && previous.blockedUntil > now;
  const windowOver = previous.windowStartedAt.getTime() + windowMs <= now.getTime();
  if (blocked) return { ...previous, hits: previous.hits + 1 };
  if (windowOver) {
    // Strikes are forgiven only after a window that stayed within the limit.
    const quiet = previous.hits <= rule.limit && previous.blockedUntil === null;
    return {
      windowStartedAt: now,
      hits: 1,
      strikes: quiet ? 0 : previous.strikes,
      blockedUntil: null,
    };
  }
  const hits = previous.hits + 1;
  if (hits > rule.limit && rule.blockSeconds) {
    const blockMs = rule.blockSeconds * 1000 * 2 ** Math.min(previous.strikes, 10);
    return {
      ...previous,
      hits,
      strikes: previous.strikes + 1,
      blockedUntil: new Date(now.getTime() + blockMs),
    };
  }
  return { ...previous, hits };
}

function decide(rule: RateRule, counter: Counter, now: Date): RateDecision {
  const blockedMs = counter.blockedUntil ? counter.blockedUntil.getTime() - now.getTime() : 0;
  const allowed = counter.hits <= rule.limit && blockedMs <= 0;
  const windowLeftMs =
    counter.windowStartedAt.getTime() + rule.windowSeconds * 1000 - now.getTime();
  return {
    allowed,
    remaining: Math.max(0, rule.limit - counter.hits),
    retryAfterSeconds: allowed
      ? 0
      : Math.max(1, Math.ceil(Math.max(blockedMs, windowLeftMs) / 1000)),
  };
}

/**
 * Counters in the database, so every instance shares them. Each hit locks its key's row
 * (`for update`), so parallel hits on one key are counted one after another.
 */
export function createRateLimiter(db: Database): RateLimiter {
  async function hit(rule: RateRule, key: string): Promise<RateDecision> {
    const fullKey = `${rule.name}:${key}`;
    return db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into rate_limits (key, window_started_at, hits) values (${fullKey}, now(), 0)
        on conflict (key) do nothing`);
      const [row] = await tx
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, fullKey))
        .for("update");
      if (!row) throw new Error("rate limit row vanished");
      const now = new Date();
      const previous = row.hits === 0 ? null : row;
      const next = nextCounter(rule, previous, now);
      await tx.update(rateLimits).set(next).where(eq(rateLimits.key, fullKey));
      return decide(rule, next, now);
    });
  }
  return {
    hit,
    async consume(rule, key) {
      const decision = await hit(rule, key);
      if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
      return decision;
    },
    async reset(rule, key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${key}`));
    },
  };
}
