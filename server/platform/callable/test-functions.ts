import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type FunctionStatus, httpCodeOfStatus } from "#contract/function-status.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { publishRealtime, topics } from "#server/platform/realtime/publish.ts";
import { defineFunction } from "./define-function.ts";
import { FunctionError } from "./function-error.ts";

const statuses = Object.keys(httpCodeOfStatus).filter((s) => s !== "OK") as FunctionStatus[];

export const testEcho = defineFunction({
  name: "test.echo",
  input: z.object({ text: z.string().max(10_000), count: z.number().int().optional() }),
  access: "public",
  handler: (data, ctx) => ({
    text: data.text,
    count: data.count ?? null,
    instanceIdToken: ctx.instanceIdToken ?? null,
    appCheckToken: ctx.appCheckToken ?? null,
  }),
});

export const testSignInAs = defineFunction({
  name: "test.signInAs",
  input: z.object({
    name: z.string().min(1).max(100),
    phone: z.string().regex(/^\+\d{6,15}$/),
  }),
  access: "public",
  // End-to-end tests need a real session without the sign-in screens: makes (or reuses)
  // the user with this phone, starts a session and writes its cookies.
  handler: async (data, ctx) => {
    const { auth } = ctx.services;
    const issued = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, data.phone), isNull(users.deletedAt)));
      const [user] = existing
        ? [existing]
        : await tx
            .insert(users)
            .values({ name: data.name, phone: data.phone, phoneVerifiedAt: new Date() })
            .returning({ id: users.id });
      if (!user) throw new Error("no user");
      return auth.startSession(tx, user.id, ctx.client);
    });
    auth.writeSessionCookies(ctx.cookies, issued);
    return { userId: issued.userId, sessionId: issued.sessionId };
  },
});

export const testNothing = defineFunction({
  name: "test.nothing",
  input: z.unknown(),
  access: "public",
  handler: () => null,
});

export const testPublish = defineFunction({
  name: "test.publish",
  input: z.object({ kind: z.string().min(1).max(50), payload: z.unknown() }),
  access: "signed-in",
  // Live-stream tests: a message to the caller's own topic, as any module would publish it.
  handler: async (data, ctx) => ({
    id: await publishRealtime(ctx.db, {
      topic: topics.user(ctx.auth.userId),
      kind: data.kind,
      payload: data.payload ?? null,
    }),
  }),
});

export const testWhoami = defineFunction({
  name: "test.whoami",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => ({ userId: ctx.auth.userId, roles: ctx.auth.roles }),
});

export const testAdminOnly = defineFunction({
  name: "test.adminOnly",
  input: z.null().optional(),
  access: { role: "admin" },
  handler: () => ({ secret: "admins only" }),
});

export const testFail = defineFunction({
  name: "test.fail",
  input: z.object({
    status: z.enum(statuses),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  access: "public",
  handler: (data) => {
    throw new FunctionError(data.status, data.message, data.details);
  },
});

export const testCrash = defineFunction({
  name: "test.crash",
  input: z.unknown(),
  access: "public",
  handler: () => {
    throw new Error("deliberate bug: /etc/passwd secret-internal-detail");
  },
});

export const testProcessId = defineFunction({
  name: "test.processId",
  input: z.null().optional(),
  access: "public",
  // Which server process answered (WEB_CONCURRENCY tests).
  handler: () => ({ pid: process.pid }),
});

export const testSlow = defineFunction({
  name: "test.slow",
  input: z.object({ ms: z.number().int().min(0).max(120_000) }),
  access: "public",
  handler: async (data, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    return { waited: data.ms, aborted: ctx.signal.aborted };
  },
});

export const testCount = defineFunction({
  name: "test.count",
  input: z.object({
    to: z.number().int().min(0).max(100),
    delayMs: z.number().int().max(5_000).default(0),
  }),
  access: "public",
  handler: async (data, ctx) => {
    for (let i = 1; i <= data.to; i++) {
      ctx.sendChunk({ n: i });
      if (data.delayMs) await new Promise((resolve) => setTimeout(resolve, data.delayMs));
    }
    return { total: data.to, streamed: ctx.acceptsStreaming };
  },
});

export const testCountThenFail = defineFunction({
  name: "test.countThenFail",
  input: z.object({ to: z.number().int().min(0).max(100) }),
  access: "public",
  handler: (data, ctx) => {
    for (let i = 1; i <= data.to; i++) ctx.sendChunk({ n: i });
    throw new FunctionError("ABORTED", "Stopped on purpose.", { after: data.to });
  },
});

/**
 * Functions that exist only when the server runs with NODE_ENV=test, to exercise every
 * path of the callable protocol from real clients.
 */
export const testFunctions = [
  testEcho,
  testSignInAs,
  testNothing,
  testPublish,
  testWhoami,
  testAdminOnly,
  testFail,
  testCrash,
  testProcessId,
  testSlow,
  testCount,
  testCountThenFail,
] as const;
