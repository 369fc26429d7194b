import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import {
  attendeeMessagesKit,
  type HolderSettings,
} from "#tests/support/kits/attendee-messages-test-kit.ts";
import { ownersPublishedEvent } from "#tests/support/kits/business-test-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction, uniquePhone } from "./session.ts";

/**
 * A message to 3 000 holders, the server killed (SIGKILL) after its first batches and
 * started again on the same PostgreSQL database: every holder still gets exactly one
 * notification and one email or SMS per their settings. Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("a message survives the server being killed midway", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  const servers: RunningServer[] = [];
  const env = () => ({ NODE_ENV: "test", DATABASE_URL: temp.url, PGLITE_DIR: "" });

  beforeAll(async () => {
    temp = await createTempDatabase("e2e_attendee_restart", { migrated: true });
    servers.push(await spawnServer({ env: env() }));
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await database?.close();
    await temp?.drop();
  });

  it("delivers to each of 3 000 holders exactly once across a SIGKILL and a restart", async () => {
    const first = servers[0];
    if (!first) throw new Error("no server");
    // The owner through the server (its signing keys are its own), the event in SQL.
    const signedIn = await fetch(`${first.url}/api/fn/test.signInAs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { name: "Rita Restart", phone: uniquePhone() } }),
    });
    const ownerId = ((await signedIn.json()) as { result: { userId: string } }).result.userId;
    const as = <T>(name: string, data: unknown) => callFunction<T>(first.url, name, data, ownerId);
    await as("businesses.apply", {
      name: "Restart Hall",
      type: "venue",
      contactPhone: "+44 20 7946 0018",
      contactEmail: "hello@restart.example",
      address: "1 Quay Street, Bristol",
      description: "",
    });
    await as("businesses.changePlan", { plan: "pro" });
    const { event, type } = await ownersPublishedEvent(database.db, ownerId, 5000);
    const kit = await attendeeMessagesKit(database);
    const owner = { event, user: { id: ownerId } };
    const cycle: HolderSettings[] = ["default", "email-only", "sms-only", "none"];
    const people = await kit.holders(owner.event.id, type.id, 3000, (n) => cycle[n % 4] ?? "none");
    const sent = await callFunction<{ id: string; total: number }>(
      first.url,
      "attendeeMessages.send",
      { eventId: owner.event.id, subject: "Parking", body: "The car park opens at 18:00." },
      owner.user.id,
    );
    expect(sent.total).toBe(3000);
    const delivered = () =>
      kit.countOf(sql`select delivered as n from attendee_messages where id = ${sent.id}`);
    while ((await delivered()) < 200) await new Promise((r) => setTimeout(r, 10));
    await first.stop("SIGKILL");
    const atKill = await delivered();
    expect(atKill).toBeLessThan(3000);

    const second = await spawnServer({ env: env() });
    servers.push(second);
    const deadline = Date.now() + 120_000;
    while ((await delivered()) < 3000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const done = await callFunction<{
      status: string;
      delivered: number;
      emails: number;
      sms: number;
    }>(second.url, "attendeeMessages.get", { messageId: sent.id }, owner.user.id);
    // Holder n has cycle[n % 4]: default (email + SMS), email-only, sms-only, none: 750 each.
    expect(done).toMatchObject({ status: "sent", delivered: 3000, emails: 1500, sms: 1500 });
    const holders = sql.join(
      people.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    expect(
      await kit.countOf(sql`select count(*) as n from notifications where user_id in (${holders})`),
    ).toBe(3000);
    expect(
      await kit.countOf(
        sql`select count(distinct user_id) as n from notifications where user_id in (${holders})`,
      ),
    ).toBe(3000);
    for (const channel of ["email", "sms"]) {
      const rows = await kit.countOf(
        sql`select count(*) as n from outbound_messages where channel = ${channel}
            and destination in (select ${sql.raw(channel === "email" ? "email" : "phone")} from users where id in (${holders}))`,
      );
      expect({ channel, rows }).toEqual({ channel, rows: 1500 });
    }
    console.log(`killed at ${atKill} of 3 000 delivered; the restarted server finished the rest`);
  }, 300_000);
});
