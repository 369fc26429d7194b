import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { SESSION_COOKIE } from "#contract/cookie-names.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { sessions } from "./auth.schema.ts";

export const signOutSession = defineFunction({
  name: "sessions.signOut",
  input: z.null().optional(),
  // Public so that a browser whose access token lapsed can still sign out: the session
  // is then the one its css_tk names. The cookies are cleared either way.
  access: "public",
  handler: async (_data, ctx) => {
    const { auth } = ctx.services;
    let sessionId = ctx.auth?.sessionId;
    if (!sessionId) {
      const token = ctx.cookies.get(SESSION_COOKIE);
      sessionId = token ? (await auth.sessionForToken(token))?.sessionId : undefined;
    }
    if (sessionId) await auth.revokeSession(ctx.db, sessionId, "signed out");
    auth.clearSessionCookies(ctx.cookies);
    return { signedOut: true };
  },
});

export const getCurrentSession = defineFunction({
  name: "sessions.current",
  input: z.null().optional(),
  access: "signed-in",
  handler: async (_data, ctx) => {
    const [user] = await ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, ctx.auth.userId), isNull(users.deletedAt)));
    if (!user) throw new FunctionError("UNAUTHENTICATED", "Please sign in to continue.");
    return { id: user.id, name: user.name, sessionId: ctx.auth.sessionId };
  },
});

export const listMySessions = defineFunction({
  name: "sessions.list",
  input: z.null().optional(),
  access: "signed-in",
  handler: async (_data, ctx) => {
    const list = await ctx.services.auth.listSessions(ctx.auth.userId, ctx.auth.sessionId);
    return list.map((s) => ({
      sessionId: s.sessionId,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      current: s.current,
    }));
  },
});

export const revokeMySession = defineFunction({
  name: "sessions.revoke",
  input: z.object({ sessionId: z.uuid() }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const [own] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, data.sessionId),
          eq(sessions.userId, ctx.auth.userId),
          isNull(sessions.revokedAt),
        ),
      );
    // Someone else's session, or one already ended: the same answer, so ids leak nothing.
    if (!own) throw new FunctionError("NOT_FOUND", "No such session.");
    await ctx.services.auth.revokeSession(ctx.db, data.sessionId, "revoked by user");
    if (data.sessionId === ctx.auth.sessionId) ctx.services.auth.clearSessionCookies(ctx.cookies);
    return { revoked: true };
  },
});

export const rotateSessionSigningKey = defineFunction({
  name: "sessions.rotateSigningKey",
  input: z.null().optional(),
  access: { role: "admin" },
  handler: async (_data, ctx) => ({ kid: await ctx.services.auth.rotateSigningKey() }),
});

/** Sign-out and the signed-in user's sessions. */
export const sessionFunctions = [
  signOutSession,
  getCurrentSession,
  listMySessions,
  revokeMySession,
  rotateSessionSigningKey,
] as const satisfies readonly AnyFunctionDefinition[];
