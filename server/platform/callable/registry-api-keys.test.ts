import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApiScope } from "#contract/api-keys.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { refusal } from "#tests/support/refusal.ts";
import { defineFunction, type FunctionContext } from "./define-function.ts";
import { createRegistry, type MembershipResolver } from "./registry.ts";

const ownEvent = "0b5d7a1e-0000-4000-8000-00000000000a";
const teamEvent = "0b5d7a1e-0000-4000-8000-00000000000b";
const staffEvent = "0b5d7a1e-0000-4000-8000-00000000000c";
const ownerId = "u-owner";

/** The owner as a person (a session), and as each of their business's keys. */
const person: Auth = { userId: ownerId, sessionId: "s1", roles: [] };
const keyWith = (...scopes: ApiScope[]): Auth => ({
  userId: ownerId,
  sessionId: "k1",
  roles: [],
  apiKey: { id: "k1", businessId: "b1", scopes },
});

/** The owner owns one event's business and is in teams at two others'. */
const roleAt = new Map([
  [ownEvent, "owner"],
  [teamEvent, "coordinator"],
  [staffEvent, "staff"],
]);
const eventMembership: MembershipResolver = async (_db, auth, id) => {
  const role = auth.userId === ownerId ? roleAt.get(id) : undefined;
  return role ? { role } : null;
};

const ran: string[] = [];
const orderOutput = z.object({ id: z.string() });
const registry = createRegistry(
  [
    defineFunction({
      name: "orders.read",
      input: z.object({ orderId: z.uuid() }),
      access: "signed-in",
      api: { scope: "orders:read", summary: "Reads one order.", output: orderOutput },
      handler: (data) => {
        ran.push("orders.read");
        return { id: data.orderId };
      },
    }),
    defineFunction({
      name: "profile.read",
      input: z.object({ verbose: z.boolean() }),
      access: "signed-in",
      handler: () => {
        ran.push("profile.read");
        return { name: "Ada" };
      },
    }),
    defineFunction({
      name: "door.stats",
      input: z.object({ eventId: z.uuid() }),
      access: { member: "event", id: "eventId" },
      api: {
        scope: "checkin",
        summary: "The door's counts.",
        output: z.object({ role: z.string() }),
      },
      handler: (_data, ctx) => ({ role: ctx.membership.role }),
    }),
  ],
  { membership: { event: eventMembership } },
);

const contextFor = (auth: Auth) => ({ auth, db: {} }) as unknown as FunctionContext;
const orderId = "0b5d7a1e-0000-4000-8000-0000000000ff";

describe("what an API key may call", () => {
  it("refuses a function not exposed to keys, naming it, though the person may call it", async () => {
    const error = await refusal(
      registry.invoke("profile.read", { verbose: true }, contextFor(keyWith("orders:read"))),
    );
    expect(error).toMatchObject({
      status: "PERMISSION_DENIED",
      message: "API keys cannot call profile.read.",
    });
    expect(error.httpCode).toBe(403);
    await expect(
      registry.invoke("profile.read", { verbose: true }, contextFor(person)),
    ).resolves.toEqual({ name: "Ada" });
  });

  it("refuses a key without the function's scope before reading its input", async () => {
    const before = ran.length;
    const error = await refusal(
      registry.invoke("orders.read", { orderId: "not an id" }, contextFor(keyWith("events:read"))),
    );
    expect(error).toMatchObject({
      status: "PERMISSION_DENIED",
      message: "This API key does not have the orders:read scope.",
      details: { reason: "scope", scope: "orders:read" },
    });
    expect(ran.length).toBe(before);
  });

  it("runs the function for a key with its scope, its input checked as for anyone", async () => {
    const key = keyWith("events:read", "orders:read");
    await expect(registry.invoke("orders.read", { orderId }, contextFor(key))).resolves.toEqual({
      id: orderId,
    });
    expect(
      await refusal(registry.invoke("orders.read", { orderId: "x" }, contextFor(key))),
    ).toMatchObject({ status: "INVALID_ARGUMENT" });
  });

  it("lets a key in by membership only where its business is the owner", async () => {
    const key = keyWith("checkin");
    await expect(
      registry.invoke("door.stats", { eventId: ownEvent }, contextFor(key)),
    ).resolves.toEqual({ role: "owner" });
    for (const eventId of [teamEvent, staffEvent]) {
      expect(
        await refusal(registry.invoke("door.stats", { eventId }, contextFor(key))),
      ).toMatchObject({ status: "NOT_FOUND" });
      // The owner in person works those doors through their teams, as before.
      await expect(
        registry.invoke("door.stats", { eventId }, contextFor(person)),
      ).resolves.toMatchObject({ role: roleAt.get(eventId) });
    }
  });

  it("tells what a function offers keys: its exposure, or nothing", () => {
    expect(registry.exposure("orders.read")).toMatchObject({ scope: "orders:read" });
    expect(registry.exposure("profile.read")).toBeUndefined();
    expect(registry.exposure("no.such")).toBeUndefined();
  });
});
