import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Auth } from "#server/platform/auth/caller.ts";
import { refusal } from "#tests/support/refusal.ts";
import { defineFunction, type FunctionContext, type Membership } from "./define-function.ts";
import { createRegistry, type MembershipResolver } from "./registry.ts";

const eventA = "0b5d7a1e-0000-4000-8000-00000000000a";
const eventB = "0b5d7a1e-0000-4000-8000-00000000000b";
const coordinator: Auth = { userId: "u-coordinator", sessionId: "s1", roles: [] };
const staff: Auth = { userId: "u-staff", sessionId: "s2", roles: [] };
const stranger: Auth = { userId: "u-stranger", sessionId: "s3", roles: [] };

/** Who is what at which event: the scope's answer, as a module's resolver would give it. */
const roles = new Map<string, string>([
  [`${coordinator.userId}:${eventA}`, "coordinator"],
  [`${staff.userId}:${eventA}`, "staff"],
]);
const lookups: string[] = [];
const eventMembership: MembershipResolver = async (_db, auth, id) => {
  lookups.push(id);
  const role = roles.get(`${auth.userId}:${id}`);
  return role ? { role } : null;
};

const seen: Membership[] = [];
const functions = [
  defineFunction({
    name: "door.scan",
    input: z.object({ eventId: z.uuid(), code: z.string() }),
    access: { member: "event", id: "eventId" },
    handler: (data, ctx) => {
      seen.push(ctx.membership);
      return { scanned: data.code, role: ctx.membership.role };
    },
  }),
  defineFunction({
    name: "door.undo",
    input: z.object({ eventId: z.uuid() }),
    access: { member: "event", id: "eventId", roles: ["coordinator"] },
    handler: () => ({ undone: true }),
  }),
];
const registry = createRegistry(functions, { membership: { event: eventMembership } });

function contextFor(auth: Auth | null): FunctionContext {
  return { auth, db: {} } as unknown as FunctionContext;
}

describe("access by membership", () => {
  it("runs the handler for a member, handing it the role found", async () => {
    const result = await registry.invoke(
      "door.scan",
      { eventId: eventA, code: "Q1" },
      contextFor(coordinator),
    );
    expect(result).toEqual({ scanned: "Q1", role: "coordinator" });
    expect(seen.at(-1)).toEqual({ scope: "event", id: eventA, role: "coordinator" });
  });

  it("answers NOT_FOUND to a member of another event and to a stranger, before the handler", async () => {
    const before = seen.length;
    for (const [auth, eventId] of [
      [coordinator, eventB],
      [stranger, eventA],
    ] as const) {
      const error = await refusal(
        registry.invoke("door.scan", { eventId, code: "Q1" }, contextFor(auth)),
      );
      expect(error).toMatchObject({ status: "NOT_FOUND" });
    }
    expect(seen.length).toBe(before);
  });

  it("refuses a member whose role the rule does not list", async () => {
    await expect(
      registry.invoke("door.undo", { eventId: eventA }, contextFor(coordinator)),
    ).resolves.toEqual({ undone: true });
    const error = await refusal(
      registry.invoke("door.undo", { eventId: eventA }, contextFor(staff)),
    );
    expect(error).toMatchObject({ status: "NOT_FOUND" });
  });

  it("asks anonymous callers to sign in, and checks the input before membership", async () => {
    const anonymous = await refusal(
      registry.invoke("door.scan", { eventId: eventA, code: "Q1" }, contextFor(null)),
    );
    expect(anonymous).toMatchObject({ status: "UNAUTHENTICATED" });
    const lookupsBefore = lookups.length;
    const malformed = await refusal(
      registry.invoke("door.scan", { eventId: "not-a-uuid", code: "Q1" }, contextFor(staff)),
    );
    expect(malformed).toMatchObject({ status: "INVALID_ARGUMENT" });
    expect(lookups.length).toBe(lookupsBefore);
  });

  it("asks the resolver on every call: a member removed is refused at once", async () => {
    const call = () =>
      registry.invoke("door.scan", { eventId: eventA, code: "Q2" }, contextFor(staff));
    await expect(call()).resolves.toMatchObject({ role: "staff" });
    roles.delete(`${staff.userId}:${eventA}`);
    await expect(refusal(call())).resolves.toMatchObject({ status: "NOT_FOUND" });
  });

  it("refuses to start with a membership rule that nothing can check", () => {
    expect(() => createRegistry(functions)).toThrow('no membership resolver for "event"');
  });
});

describe("text inputs", () => {
  const echo = createRegistry([
    defineFunction({
      name: "text.echo",
      input: z.object({ name: z.string(), lines: z.array(z.string()).optional() }),
      access: "public",
      handler: (data) => data,
    }),
  ]);

  it.each([
    ["a NUL", "a\u0000b"],
    ["a bell", "ring\u0007"],
    ["an escape", "\u001b[31mred"],
    ["DEL", "x\u007f"],
    ["a lone high surrogate", "x\ud800y"],
    ["a lone low surrogate", "\udc00"],
  ])("refuses %s at the field's path, before the handler", async (_name, text) => {
    const error = await refusal(echo.invoke("text.echo", { name: text }, contextFor(null)));
    expect(error).toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ path: "name", message: expect.stringContaining("cannot be used") }],
    });
    const nested = await refusal(
      echo.invoke("text.echo", { name: "ok", lines: ["fine", text] }, contextFor(null)),
    );
    expect(nested).toMatchObject({ details: [{ path: "lines.1" }] });
  });

  it("keeps tabs, line breaks, emoji and every script", async () => {
    const text = "Line one\r\nline\ttwo 🎟️ Ünïcødé 漢字 עברית";
    await expect(echo.invoke("text.echo", { name: text }, contextFor(null))).resolves.toEqual({
      name: text,
    });
  });
});
