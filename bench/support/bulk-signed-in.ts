import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { accessTokens } from "#server/platform/auth/access-tokens.ts";
import { createKeyStore } from "#server/platform/auth/signing-keys.ts";
import { randomToken, sha256 } from "#server/platform/auth/token-hash.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

export type BulkPerson = { userId: string; token: string; cookie: string };

/** Rows per statement: well under PostgreSQL's 65,535 parameters with arrays anyway. */
const CHUNK = 5000;

/**
 * `count` signed-in people made by bulk SQL, for runs too big for `signedInUsers` (a
 * transaction per person): users, then one session each (the `css_tk` token's SHA-256,
 * as `startSession` stores it) and an access token signed with the shared signing key,
 * lasting `ttlSeconds`. No refresh tokens: the run ends before the access tokens do.
 * Servers started after this share the key (`signing_keys`).
 */
export async function bulkSignedInPeople(
  database: DatabaseHandle,
  count: number,
  appSecret: string,
  ttlSeconds = 7200,
): Promise<BulkPerson[]> {
  const keys = await createKeyStore({ db: database.db, appSecret, tokenTtlSeconds: ttlSeconds });
  const { signAccessToken } = accessTokens({ keys, ttlSeconds, now: Date.now });
  const base = Math.floor(Math.random() * 1_000_000);
  const people: BulkPerson[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const users = await rowsOf<{ id: string }>(
      database.db,
      sql`insert into users (name, phone, phone_verified_at)
        select 'Waiting ' || n, '+4475' || lpad((${base} + n)::text, 9, '0'), now()
        from generate_series(${start}::int, ${start + size - 1}::int) n
        returning id`,
    );
    const tokens = users.map(() => randomToken());
    await database.db.execute(sql`
      insert into sessions (user_id, token_hash, user_agent, ip, expires_at)
      select u, h, 'bench', '127.0.0.1', now() + interval '1 day'
      from unnest(${`{${users.map((u) => u.id).join(",")}}`}::uuid[],
        ${`{${tokens.map(sha256).join(",")}}`}::text[]) as s(u, h)`);
    const sessions = await rowsOf<{ id: string; user_id: string; token_hash: string }>(
      database.db,
      sql`select id, user_id, token_hash from sessions
        where user_id = any(${`{${users.map((u) => u.id).join(",")}}`}::uuid[])`,
    );
    const sessionOf = new Map(sessions.map((s) => [s.token_hash, s.id]));
    for (const [i, user] of users.entries()) {
      const token = tokens[i] as string;
      const sessionId = sessionOf.get(sha256(token));
      if (!sessionId) throw new Error("session not stored");
      const { accessToken } = await signAccessToken(sessionId, user.id, []);
      people.push({ userId: user.id, token: accessToken, cookie: `${SESSION_COOKIE}=${token}` });
    }
  }
  return people;
}
