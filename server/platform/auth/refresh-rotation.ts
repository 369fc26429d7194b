import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { ClientInfo } from "#server/platform/auth/caller.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { refreshTokens, sessions } from "./auth.schema.ts";
import type { RefreshedTokens } from "./session-cookies.ts";
import { randomToken, sha256 } from "./token-hash.ts";
import { users } from "./users.schema.ts";

export type RefreshOutcome =
  | { ok: true; tokens: RefreshedTokens }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" | "other-session" };

export type RefreshRotationDeps = {
  db: Database;
  log: Logger;
  now: () => number;
  /** How long a just-spent token still works (tabs refreshing at once). */
  graceMs: number;
  ttlSeconds: number;
  signAccessToken(
    sessionId: string,
    userId: string,
    roles: readonly string[],
  ): Promise<{ accessToken: string; accessTokenExpiresAt: number }>;
  /** Drops the instance's cached liveness of a session that just ended. */
  forget(sessionId: string): void;
};

/**
 * Refresh tokens (ARCHITECTURE "Contracts", decision 004): opaque, stored hashed, rotated
 * on every use; a spent one presented after the grace window revokes its whole family.
 */
export function refreshRotation(deps: RefreshRotationDeps) {
  const { db, log, now, graceMs, ttlSeconds, signAccessToken, forget } = deps;

  async function newRefreshToken(tx: Executor, sessionId: string, expiresAt: Date) {
    const refreshToken = randomToken();
    const id = randomUUID();
    await tx.insert(refreshTokens).values({
      id,
      sessionId,
      tokenHash: sha256(refreshToken),
      createdAt: new Date(now()),
      expiresAt,
    });
    return { id, refreshToken };
  }

  async function refresh(
    refreshToken: string,
    client: ClientInfo,
    expectedSessionId?: string,
  ): Promise<RefreshOutcome> {
    if (!refreshToken || refreshToken.length > 200) return { ok: false, reason: "unknown" };
    const hash = sha256(refreshToken);
    const outcome = await db.transaction(async (tx) => {
      const at = new Date(now());
      // Locks the token's row: two requests with one token are decided one after the other.
      const [row] = await tx
        .select({
          id: refreshTokens.id,
          spentAt: refreshTokens.spentAt,
          expiresAt: refreshTokens.expiresAt,
          sessionId: sessions.id,
          userId: sessions.userId,
          sessionExpiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          roles: users.roles,
          deletedAt: users.deletedAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, hash))
        .for("update", { of: refreshTokens });
      if (!row) return { ok: false, reason: "unknown" } as const;
      if (expectedSessionId && row.sessionId !== expectedSessionId) {
        return { ok: false, reason: "other-session" } as const;
      }
      if (row.revokedAt || row.deletedAt || row.sessionExpiresAt <= at) {
        return { ok: false, reason: "revoked" } as const;
      }
      if (row.expiresAt <= at) return { ok: false, reason: "expired" } as const;
      if (row.spentAt && at.getTime() - row.spentAt.getTime() > graceMs) {
        // A spent token, long after it was spent: it was copied. End the whole family.
        await tx
          .update(sessions)
          .set({ revokedAt: at, revokedReason: "refresh token reused" })
          .where(eq(sessions.id, row.sessionId));
        await tx
          .update(refreshTokens)
          .set({ spentAt: at })
          .where(and(eq(refreshTokens.sessionId, row.sessionId), isNull(refreshTokens.spentAt)));
        return { ok: false, reason: "reused", sessionId: row.sessionId } as const;
      }
      const next = await newRefreshToken(tx, row.sessionId, row.sessionExpiresAt);
      if (!row.spentAt) {
        await tx
          .update(refreshTokens)
          .set({ spentAt: at, replacedBy: next.id })
          .where(eq(refreshTokens.id, row.id));
      }
      // Within the grace window a spent token gets a sibling: both tabs hold valid tokens.
      await tx
        .update(sessions)
        .set({ lastUsedAt: at, userAgent: client.userAgent, ip: client.ip })
        .where(eq(sessions.id, row.sessionId));
      return { ok: true, row, refreshToken: next.refreshToken } as const;
    });
    if (!outcome.ok) {
      if (outcome.reason === "reused") {
        forget(outcome.sessionId);
        log.warn({ sessionId: outcome.sessionId }, "refresh token reused: session revoked");
        return { ok: false, reason: "reused" };
      }
      return { ok: false, reason: outcome.reason };
    }
    const { row } = outcome;
    const access = await signAccessToken(row.sessionId, row.userId, row.roles);
    return {
      ok: true,
      tokens: {
        sessionId: row.sessionId,
        userId: row.userId,
        refreshToken: outcome.refreshToken,
        expiresIn: ttlSeconds,
        sessionExpiresAt: row.sessionExpiresAt,
        ...access,
      },
    };
  }

  return { newRefreshToken, refresh };
}
