import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_SECRET_PREFIX } from "#contract/webhooks.ts";
import { teamMembers, teams } from "#server/modules/teams/teams.schema.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { postgresOnly, type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { businessOwner } from "#tests/support/kits/business-test-kit.ts";
import {
  functionContext,
  type ProfileTestKit,
  profileTestKit,
  signedInUser,
} from "#tests/support/kits/profile-test-kit.ts";
import {
  addEndpoint,
  webhookCaller,
  webhookOwner,
  webhookRegistry,
} from "#tests/support/kits/webhook-caller-kit.ts";

const unknownId = "00000000-0000-4000-8000-000000000000";

describe.each(testDatabases)("webhook endpoints in the console on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("adds an endpoint with a Standard Webhooks secret, answered by get and never by list", async () => {
    const me = await webhookOwner(kit.services);
    const made = await me.call("webhooks.create", {
      url: "  https://example.com/hooks  ",
      description: "  Our CRM  ",
      events: ["order.paid", "order.created"],
    });
    expect(made).toMatchObject({
      url: "https://example.com/hooks",
      description: "Our CRM",
      events: ["order.paid", "order.created"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expect(made.secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    const key = Buffer.from(made.secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
    expect(key).toHaveLength(32);
    expect(key.toString("base64")).toBe(made.secret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(await me.call("webhooks.get", { endpointId: made.id })).toEqual(made);
    const { secret: _secret, ...view } = made;
    const listed = await me.call("webhooks.list", null);
    expect(listed.items).toEqual([view]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const [row] = await rowsOf<{ business_id: string; created_by: string }>(
      db.db,
      sql`select business_id, created_by from webhook_endpoints where id = ${made.id}`,
    );
    expect(row).toEqual({ business_id: me.business.id, created_by: me.user.id });
    // No description: an empty one. Two endpoints never share a secret.
    const second = await addEndpoint(me, "https://example.com/other");
    expect(second.secret).not.toBe(made.secret);
    expect((await me.call("webhooks.get", { endpointId: second.id })).description).toBe("");
  });

  it("lists the business's endpoints newest first, and not another's", async () => {
    const me = await webhookOwner(kit.services);
    const first = await addEndpoint(me, "https://one.example.com/");
    const second = await addEndpoint(me, "https://two.example.com/");
    await db.db.execute(
      sql`update webhook_endpoints set created_at = now() - interval '1 minute' where id = ${first.id}`,
    );
    const { items } = await me.call("webhooks.list", undefined);
    expect(items.map((e: { id: string }) => e.id)).toEqual([second.id, first.id]);
    const other = await webhookOwner(kit.services);
    expect((await other.call("webhooks.list", null)).items).toEqual([]);
  });

  it("refuses each invalid field with its path", async () => {
    const me = await webhookOwner(kit.services);
    const events = ["order.paid"];
    const cases: [unknown, string, string][] = [
      [{ events }, "url", "Enter the endpoint's URL."],
      [{ url: "   ", events }, "url", "Enter the endpoint's URL."],
      [{ url: "example.com", events }, "url", "Enter the whole address, starting with https://."],
      [
        { url: "http://example.com/in", events },
        "url",
        "Use an https:// address (http:// only to localhost while developing).",
      ],
      [
        { url: "https://a:b@example.com/in", events },
        "url",
        "Leave the user name and password out of the address.",
      ],
      [
        { url: `https://example.com/${"a".repeat(2000)}`, events },
        "url",
        "Use at most 2000 characters.",
      ],
      [
        { url: "https://example.com", description: "x".repeat(101), events },
        "description",
        "Use at most 100 characters.",
      ],
      [{ url: "https://example.com" }, "events", "Choose at least one event."],
      [{ url: "https://example.com", events: [] }, "events", "Choose at least one event."],
      [
        { url: "https://example.com", events: ["order.deleted"] },
        "events.0",
        "Choose from the events listed.",
      ],
      [
        { url: "https://example.com", events: ["webhook.test"] },
        "events.0",
        "Choose from the events listed.",
      ],
      [
        { url: "https://example.com", events: ["order.paid", "order.paid"] },
        "events",
        "Choose each event once.",
      ],
    ];
    for (const [input, path, message] of cases) {
      const refusal = await me.fail("webhooks.create", input);
      expect([JSON.stringify(input), refusal.status, refusal.details]).toEqual([
        JSON.stringify(input),
        "INVALID_ARGUMENT",
        [expect.objectContaining({ path, message })],
      ]);
    }
    expect((await me.call("webhooks.list", null)).items).toEqual([]);
    // The same rule on update; and what is refused changes nothing.
    const made = await addEndpoint(me);
    for (const [input, path, message] of [
      [{ url: "ftp://example.com" }, "url", "Use an https:// address."],
      [{ events: [] }, "events", "Choose at least one event."],
      [{ enabled: "yes" }, "enabled", "Choose on or off."],
    ] as const) {
      const refusal = await me.fail("webhooks.update", { endpointId: made.id, ...input });
      expect([refusal.status, refusal.details]).toEqual([
        "INVALID_ARGUMENT",
        [expect.objectContaining({ path, message })],
      ]);
    }
    expect((await me.call("webhooks.get", { endpointId: made.id })).url).toBe(made.url);
    for (const [name, data, path] of [
      ["webhooks.get", { endpointId: "nope" }, "endpointId"],
      ["webhooks.resend", { deliveryId: 7 }, "deliveryId"],
      ["webhooks.deliveries", { endpointId: made.id, cursor: "garbage" }, "cursor"],
    ] as const) {
      const refusal = await me.fail(name, data);
      expect([name, refusal.status, refusal.details?.[0]?.path]).toEqual([
        name,
        "INVALID_ARGUMENT",
        path,
      ]);
    }
  });

  it("lets HTTP reach localhost outside production only, and refuses private addresses in production", async () => {
    const made = await businessOwner(kit.services);
    const dev = webhookCaller(kit.services, made.auth, "test");
    const prod = webhookCaller(kit.services, made.auth, "production");
    const local = await dev.call("webhooks.create", {
      url: "http://localhost:4000/in",
      events: ["order.paid"],
    });
    expect(local.url).toBe("http://localhost:4000/in");
    for (const [url, message] of [
      ["http://localhost:4000/in", "Use an https:// address."],
      ["https://192.168.0.10/in", "Use a public address: this one is on a private network."],
      ["https://[fe80::1]/in", "Use a public address: this one is on a private network."],
    ] as const) {
      const refusal = await prod.fail("webhooks.create", { url, events: ["order.paid"] });
      expect([url, refusal.status, refusal.details]).toEqual([
        url,
        "INVALID_ARGUMENT",
        [expect.objectContaining({ path: "url", message })],
      ]);
      const changed = await prod.fail("webhooks.update", { endpointId: local.id, url });
      expect(changed.details?.[0]?.message).toBe(message);
    }
    expect(
      (
        await prod.call("webhooks.create", {
          url: "https://example.com/in",
          events: ["order.paid"],
        })
      ).enabled,
    ).toBe(true);
  });

  it("is the owner's only: others get NOT_FOUND, a team member and a user without a business are refused", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    const sent = await me.call("webhooks.sendTest", { endpointId: made.id });
    const other = await webhookOwner(kit.services);
    const calls = [
      ["webhooks.get", { endpointId: made.id }],
      ["webhooks.update", { endpointId: made.id, enabled: false }],
      ["webhooks.delete", { endpointId: made.id }],
      ["webhooks.deliveries", { endpointId: made.id }],
      ["webhooks.sendTest", { endpointId: made.id }],
      ["webhooks.resend", { deliveryId: sent.id }],
    ] as const;
    for (const [name, data] of calls) {
      const refusal = await other.fail(name, data);
      expect([name, refusal.status]).toEqual([name, "NOT_FOUND"]);
    }
    for (const [name, data] of [
      ["webhooks.get", { endpointId: unknownId }],
      ["webhooks.resend", { deliveryId: unknownId }],
    ] as const) {
      expect((await me.fail(name, data)).status).toBe("NOT_FOUND");
    }
    // Nothing changed: still on, still there, its one delivery untouched.
    expect((await me.call("webhooks.get", { endpointId: made.id })).enabled).toBe(true);
    const [row] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${made.id}`,
    );
    expect(row?.n).toBe(1);

    // A member of the business's team is not its owner.
    const [team] = await db.db
      .insert(teams)
      .values({ businessId: me.business.id, name: "Door" })
      .returning();
    const { user, auth } = await signedInUser(kit.services);
    await db.db
      .insert(teamMembers)
      .values({ teamId: team?.id ?? "", userId: user.id, role: "coordinator" });
    const member = webhookCaller(kit.services, auth);
    for (const [name, data] of [
      ["webhooks.list", null],
      ["webhooks.create", { url: "https://example.com", events: ["order.paid"] }],
      ...calls,
    ] as const) {
      const refusal = await member.fail(name, data);
      expect([name, refusal.status, refusal.details?.reason]).toEqual([
        name,
        "FAILED_PRECONDITION",
        "no-business",
      ]);
    }
    await expect(
      webhookRegistry.invoke("webhooks.list", null, functionContext(kit.services, null)),
    ).rejects.toMatchObject({ status: "UNAUTHENTICATED" });
  });

  it("changes only what is sent, and switching on clears why and since when it failed", async () => {
    const me = await webhookOwner(kit.services);
    const made = await addEndpoint(me);
    const changed = await me.call("webhooks.update", {
      endpointId: made.id,
      url: "https://crm.example.com/in",
      description: "CRM",
      events: ["event.updated"],
    });
    expect(changed).toMatchObject({
      url: "https://crm.example.com/in",
      description: "CRM",
      events: ["event.updated"],
      enabled: true,
    });
    expect(changed).not.toHaveProperty("secret");
    expect(
      (await me.call("webhooks.update", { endpointId: made.id, description: "" })).events,
    ).toEqual(["event.updated"]);
    // Switched off by us after failing; the owner switches it back on.
    await db.db.execute(sql`update webhook_endpoints set enabled = false,
      disabled_reason = 'It failed for 3 days.', failing_since = now() - interval '3 days' where id = ${made.id}`);
    const off = (await me.call("webhooks.list", null)).items[0];
    expect(off).toMatchObject({ enabled: false, disabledReason: "It failed for 3 days." });
    expect(off.failingSince).not.toBeNull();
    const on = await me.call("webhooks.update", { endpointId: made.id, enabled: true });
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    // Off by hand: no reason of ours.
    const byHand = await me.call("webhooks.update", { endpointId: made.id, enabled: false });
    expect(byHand).toMatchObject({ enabled: false, disabledReason: null });
    // The secret stays the endpoint's.
    expect((await me.call("webhooks.get", { endpointId: made.id })).secret).toBe(made.secret);
  });

  it("refuses the 11th endpoint, and adds it once one is deleted", async () => {
    const me = await webhookOwner(kit.services);
    const made = [];
    for (let i = 1; i <= MAX_WEBHOOK_ENDPOINTS; i++)
      made.push(await addEndpoint(me, `https://e${i}.example.com/`));
    const refusal = await me.fail("webhooks.create", {
      url: "https://more.example.com",
      events: ["order.paid"],
    });
    expect([refusal.status, refusal.message, refusal.details?.reason]).toEqual([
      "FAILED_PRECONDITION",
      "You have 10 endpoints, the most a business may have. Delete one you no longer use to add another.",
      "too-many-endpoints",
    ]);
    await me.call("webhooks.delete", { endpointId: made[0]?.id });
    await addEndpoint(me, "https://more.example.com");
    expect((await me.call("webhooks.list", null)).items).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });
});

// Real locks: the business row's lock is what keeps a burst of clicks under the limit.
describe.each(postgresOnly)("webhook endpoints added at once on $name", (database) => {
  let db: TestDatabase;
  let kit: ProfileTestKit;
  beforeAll(async () => {
    db = await database.open();
    kit = await profileTestKit(db);
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("lets only one of several endpoints added at once be the 10th", async () => {
    const { auth, business } = await businessOwner(kit.services);
    const ctx = functionContext(kit.services, auth);
    const make = (i: number) =>
      webhookRegistry.invoke(
        "webhooks.create",
        { url: `https://e${i}.example.com/`, events: ["order.paid"] },
        ctx,
      );
    for (let i = 1; i < MAX_WEBHOOK_ENDPOINTS; i++) await make(i);
    // Open the pool's connections first: otherwise the first maker has committed before
    // the others have connected, and the race never happens.
    await Promise.all(Array.from({ length: 8 }, () => db.db.execute(sql`select pg_sleep(0.05)`)));
    const raced = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => make(100 + i)));
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of raced) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ status: "FAILED_PRECONDITION" });
    }
    const [row] = await rowsOf<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from webhook_endpoints where business_id = ${business.id}`,
    );
    expect(row?.n).toBe(MAX_WEBHOOK_ENDPOINTS);
  });
});
