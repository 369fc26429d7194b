import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { postgresOnly, type TestDatabase } from "#tests/support/databases.ts";
import {
  attendeeMessagesKit,
  type HolderSettings,
} from "#tests/support/kits/attendee-messages-test-kit.ts";
import { deliverNextBatch } from "./attendee-message-delivery.ts";
import { startAttendeeMessageWorker } from "./attendee-message-worker.ts";

type Kit = Awaited<ReturnType<typeof attendeeMessagesKit>>;
const log = createLogger("silent");
const message = { subject: "Parking", body: "The car park opens at 18:00." };

async function until(check: () => Promise<boolean>, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * 3 000 ticket holders on real PostgreSQL: the message reaches each exactly once, through
 * a worker stopped midway, a batch that dies before its commit, and two workers (two
 * instances) finishing the rest side by side.
 */
describe.each(postgresOnly)("a message to 3 000 holders on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;
  beforeAll(async () => {
    database = await open();
    kit = await attendeeMessagesKit(database);
  }, 120_000);
  afterAll(() => database?.dispose());

  it("gives every holder one notification and, per their settings, one email and one SMS", async () => {
    // Batches of 200 (not the default 1,000): a worker stopped after three is midway.
    const delivery = { ...kit.delivery, batchSize: 200 };
    const owner = await kit.owner("pro");
    const [standing, seated] = owner.types;
    if (!standing || !seated) throw new Error("no types");
    const cycle: HolderSettings[] = ["default", "email-only", "sms-only", "none", "default"];
    const settingsOf = (n: number) => cycle[n % cycle.length] ?? "default";
    const started = Date.now();
    const people = [
      ...(await kit.holders(owner.event.id, standing.id, 2000, settingsOf)),
      ...(await kit.holders(owner.event.id, seated.id, 1000, settingsOf)),
    ];
    const setupMs = Date.now() - started;
    expect(people).toHaveLength(3000);
    const preview = await owner.call("attendeeMessages.preview", { eventId: owner.event.id });
    expect(preview.count).toBe(3000);

    const sent = await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
    expect(sent).toMatchObject({ total: 3000, delivered: 0, status: "sending" });

    // One worker, stopped after a few batches (a restart: the batch in hand completes).
    const first = startAttendeeMessageWorker(kit.db, log, { ...delivery, idleSeconds: 0.05 });
    await until(async () => first.batches() >= 3, "three batches");
    await first.stop();
    const halfway = await owner.call("attendeeMessages.get", { messageId: sent.id });
    expect(halfway.status).toBe("sending");
    expect(halfway.delivered % 200).toBe(0);
    expect(halfway.delivered).toBeGreaterThanOrEqual(600);
    expect(halfway.delivered).toBeLessThan(3000);

    // A batch that dies before its commit (a killed process) leaves no trace.
    await expect(
      deliverNextBatch(kit.db, {
        ...delivery,
        beforeCommit: async () => {
          throw new Error("killed mid-batch");
        },
      }),
    ).rejects.toThrow("killed mid-batch");
    expect((await owner.call("attendeeMessages.get", { messageId: sent.id })).delivered).toBe(
      halfway.delivered,
    );

    // Started again, on two instances at once: they share the rest through SKIP LOCKED.
    const deliveryStarted = Date.now();
    const workers = [1, 2].map(() =>
      startAttendeeMessageWorker(kit.db, log, { ...delivery, idleSeconds: 0.05 }),
    );
    await until(
      async () =>
        (await owner.call("attendeeMessages.get", { messageId: sent.id })).status === "sent",
      "the message to be sent",
    );
    const deliveryMs = Date.now() - deliveryStarted;
    await Promise.all(workers.map((w) => w.stop()));
    expect(workers.every((w) => w.batches() > 0)).toBe(true);

    const done = await owner.call("attendeeMessages.get", { messageId: sent.id });
    const holderList = sql.join(
      people.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const expectedEmails = people.filter((_, i) =>
      ["default", "email-only"].includes(settingsOf((i % 2000) + 1)),
    ).length;
    const expectedSms = people.filter((_, i) =>
      ["default", "sms-only"].includes(settingsOf((i % 2000) + 1)),
    ).length;
    expect(done).toMatchObject({
      status: "sent",
      total: 3000,
      delivered: 3000,
      emails: expectedEmails,
      sms: expectedSms,
    });
    expect(
      await kit.countOf(
        sql`select count(*) as n from notifications where user_id in (${holderList}) and kind = 'organizer-message'`,
      ),
    ).toBe(3000);
    expect(
      await kit.countOf(
        sql`select count(distinct user_id) as n from notifications where user_id in (${holderList})`,
      ),
    ).toBe(3000);
    const outbox = (channel: string, distinct: boolean) =>
      kit.countOf(
        sql`select count(${distinct ? sql`distinct destination` : sql`*`}) as n from outbound_messages o
            join users u on u.email = o.destination or u.phone = o.destination
            where o.channel = ${channel} and u.id in (${holderList})`,
      );
    expect(await outbox("email", false)).toBe(expectedEmails);
    expect(await outbox("email", true)).toBe(expectedEmails);
    expect(await outbox("sms", false)).toBe(expectedSms);
    expect(await outbox("sms", true)).toBe(expectedSms);
    expect(
      await kit.countOf(
        sql`select count(*) as n from attendee_message_recipients where message_id = ${sent.id} and delivered_at is null`,
      ),
    ).toBe(0);
    const progress = await kit.countOf(
      sql`select count(*) as n from realtime_events where topic = ${`user:${owner.user.id}`} and kind = 'attendee-message-progress'`,
    );
    expect(progress).toBe(15);
    console.log(
      `3 000 holders: setup ${setupMs} ms; delivery after the restart ${deliveryMs} ms for ${3000 - halfway.delivered} recipients (2 workers, batches of 200)`,
    );
  }, 300_000);
});

/** Two sends racing for the free plan's last message of the month: exactly one wins. */
describe.each(postgresOnly)("messages racing for the plan's last slot on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: Kit;
  beforeAll(async () => {
    database = await open();
    kit = await attendeeMessagesKit(database);
  }, 120_000);
  afterAll(() => database?.dispose());

  it("lets exactly one of two simultaneous sends take the last slot, every time", async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await kit.owner("free");
      const [standing] = owner.types;
      if (!standing) throw new Error("no type");
      await kit.holders(owner.event.id, standing.id, 50);
      for (let i = 0; i < 2; i++) {
        await owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message });
      }
      const outcomes = await Promise.all(
        [1, 2].map(() =>
          owner.call("attendeeMessages.send", { eventId: owner.event.id, ...message }).then(
            () => "sent",
            (error: { status: string; details?: { reason?: string } }) =>
              `${error.status}:${error.details?.reason}`,
          ),
        ),
      );
      expect(outcomes.sort()).toEqual(["FAILED_PRECONDITION:plan-limit", "sent"]);
      expect(
        await kit.countOf(
          sql`select count(*) as n from attendee_messages where business_id = ${owner.business.id}`,
        ),
      ).toBe(3);
    }
  });
});
