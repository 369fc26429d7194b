import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../platform/db.ts";
import { type CodePurpose, verificationCodes } from "../accounts/accounts.schema.ts";

/**
 * One-time codes and link tokens of the profile's own flows (phone change, email
 * verification, re-authentication before deletion). Only an HMAC is stored; it mixes in
 * the row's id, so two people given the same six digits never collide on the unique hash.
 */
export type IssuedCode = { id: string; secret: string };

function hashOf(appSecret: string, id: string, secret: string): string {
  return createHmac("sha256", appSecret).update(`${id}:${secret}`).digest("base64url");
}

/** Six digits for SMS; a long random token for email links. */
export function newSecret(kind: "digits" | "token"): string {
  return kind === "digits"
    ? String(randomInt(0, 1_000_000)).padStart(6, "0")
    : randomBytes(32).toString("base64url");
}

export async function issueCode(
  tx: Executor,
  appSecret: string,
  code: {
    purpose: CodePurpose;
    channel: "sms" | "email";
    destination: string;
    userId: string;
    lifetimeSeconds: number;
    kind: "digits" | "token";
    payload?: Record<string, unknown>;
  },
): Promise<IssuedCode> {
  // A new code replaces the user's earlier live ones for the same purpose.
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, code.userId),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  const id = randomUUID();
  const secret = newSecret(code.kind);
  await tx.insert(verificationCodes).values({
    id,
    purpose: code.purpose,
    channel: code.channel,
    destination: code.destination,
    userId: code.userId,
    codeHash: hashOf(appSecret, id, secret),
    payload: code.payload ?? {},
    expiresAt: new Date(Date.now() + code.lifetimeSeconds * 1000),
  });
  return { id, secret };
}

export type CodeCheck =
  | { ok: true; payload: Record<string, unknown>; destination: string }
  | { ok: false; reason: "none" | "wrong" | "exhausted"; attemptsLeft: number };

/**
 * Checks the user's live code for a purpose. A wrong guess spends an attempt; the right
 * one consumes the code (single use). The row is locked so parallel guesses count.
 */
export async function consumeCode(
  tx: Executor,
  appSecret: string,
  userId: string,
  purpose: CodePurpose,
  secret: string,
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for("update");
  if (!row) return { ok: false, reason: "none", attemptsLeft: 0 };
  if (row.attempts >= row.maxAttempts) return { ok: false, reason: "exhausted", attemptsLeft: 0 };
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashOf(appSecret, row.id, secret.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id));
    const attemptsLeft = Math.max(0, row.maxAttempts - attempts);
    return { ok: false, reason: attemptsLeft === 0 ? "exhausted" : "wrong", attemptsLeft };
  }
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(verificationCodes.id, row.id));
  return { ok: true, payload: row.payload, destination: row.destination };
}

/**
 * Email links carry the row id with the token (`{id}.{token}`), so the link works
 * without knowing who clicks it; the token is still checked against the stored HMAC.
 */
export async function consumeLinkToken(
  tx: Executor,
  appSecret: string,
  purpose: CodePurpose,
  link: string,
): Promise<{ userId: string; destination: string } | null> {
  const [id, token] = link.split(".");
  if (!id || !token || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.id, id), eq(verificationCodes.purpose, purpose)))
    .for("update");
  if (!row?.userId || row.consumedAt || row.expiresAt <= new Date()) return null;
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashOf(appSecret, row.id, token));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(verificationCodes.id, row.id));
  return { userId: row.userId, destination: row.destination };
}
