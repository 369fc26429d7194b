import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import {
  attendeeMessagesKit,
  type HolderSettings,
} from "#tests/support/kits/attendee-messages-test-kit.ts";
import { type MailPeer, startMailPeer } from "#tests/support/mail-peer.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { peerSettings, type SmsPeer, startSmsPeer } from "#tests/support/sms-peer.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { callFunction, waitFor } from "#tests/support/spawned-calls.ts";

const holdersCount = 3000;

/**
 * A message to 3 000 holders delivered in batches (queueMany: a batch's rows and jobs in
 * one go), the server SIGKILLed after its first batch while its deliveries to the mail and
 * SMS peers are under way, a new server on the same database: each person has one
 * notification, one outbound message per destination and channel, and one email and SMS
 * at the peers (a second SMS only for one in flight at the kill). Needs TEST_DATABASE_URL.
 */
describe.runIf(testDatabaseUrl)("a big message survives its server being killed", () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let database: DatabaseHandle;
  let mail: MailPeer;
  let sms: SmsPeer;
  const servers: RunningServer[] = [];
  const start = async () => {
    const server = await spawnServer({
      env: {
        NODE_ENV: "test",
        DATABASE_URL: temp.url,
        PGLITE_DIR: "",
        DEMO_DATA: "off",
        ...peerSettings(mail, sms),
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    temp = await createTempDatabase("attendee_crash", { migrated: true });
    mail = await startMailPeer();
    sms = await startSmsPeer();
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: "", poolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    await database?.close();
    await temp?.drop();
    await mail?.close();
    await sms?.close();
  });

  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await rowsOf<{ n: number | string }>(database.db, query))[0]?.n ?? 0);

  it("reaches each holder once per channel across a SIGKILL and a restart", async () => {
    const kit = await attendeeMessagesKit(database);
    const owner = await kit.owner("pro");
    const type = owner.types[0];
    if (!type) throw new Error("no ticket type");
    const cycle: HolderSettings[] = ["default", "email-only", "sms-only", "none"];
    const holders = await kit.holders(
      owner.event.id,
      type.id,
      holdersCount,
      (n) => cycle[n % 4] ?? "none",
    );
    const first = await start();
    const sent = await callFunction(first, "attendeeMessages.send", `test:${owner.user.id}:`, {
      eventId: owner.event.id,
      subject: "Parking",
      body: "The car park opens at 18:00.",
    });
    const messageId = (sent.body.result as { id: string }).id;
    const delivered = () =>
      countOf(sql`select delivered as n from attendee_messages where id = ${messageId}`);
    // Killed as soon as its first batch is committed: the next one is being written and
    // that batch's emails and SMS are on their way to the peers.
    while ((await delivered()) === 0) await new Promise((r) => setTimeout(r, 10));
    await first.stop("SIGKILL");
    const atKill = await delivered();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(holdersCount);
    const inFlight = new Set(
      (
        await rowsOf<{ destination: string }>(
          database.db,
          sql`select o.destination from outbound_messages o join pgboss.job j on j.id = o.id
              where o.status = 'queued' and j.state = 'active'`,
        )
      ).map((row) => row.destination),
    );
    // pg-boss retries a dead worker's jobs once they expire (120 s); the test does not wait.
    await database.db.execute(
      sql`update pgboss.job set state = 'retry', start_after = now()
          where name = 'deliver-message' and state = 'active'`,
    );

    await start();
    const pending = () =>
      countOf(sql`select count(*) as n from outbound_messages
                  where source_id = ${messageId} and status = 'queued'`);
    await waitFor(
      async () => (await delivered()) === holdersCount && (await pending()) === 0,
      120_000,
      "the rest delivered and sent",
    );

    const ids = sql`(select unnest(${`{${holders.join(",")}}`}::uuid[]))`;
    // One notification per holder, nobody twice.
    const notified = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notifications
          where kind = 'organizer-message' and user_id in ${ids} group by user_id`,
    );
    expect(notified).toHaveLength(holdersCount);
    expect(notified.filter((row) => row.n !== 1)).toEqual([]);
    // One outbound message per destination and channel, to exactly those the settings allow.
    const doubled = await rowsOf<{ destination: string }>(
      database.db,
      sql`select destination from outbound_messages where source_id = ${messageId}
          group by destination, channel having count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    const allows = (channel: "email" | "sms") =>
      sql`coalesce((preferences -> 'notifyBy' ->> ${channel})::boolean, true)`;
    const expectedEmails = (
      await rowsOf<{ email: string }>(
        database.db,
        sql`select email from users where id in ${ids} and ${allows("email")} order by email`,
      )
    ).map((row) => row.email);
    const expectedPhones = (
      await rowsOf<{ phone: string }>(
        database.db,
        sql`select phone from users where id in ${ids} and ${allows("sms")} order by phone`,
      )
    ).map((row) => row.phone);
    expect([expectedEmails.length, expectedPhones.length]).toEqual([1500, 1500]);
    const destinations = async (channel: string) =>
      (
        await rowsOf<{ destination: string }>(
          database.db,
          sql`select destination from outbound_messages
              where source_id = ${messageId} and channel = ${channel} and status = 'sent'
              order by destination`,
        )
      ).map((row) => row.destination);
    expect(await destinations("email")).toEqual(expectedEmails);
    expect(await destinations("sms")).toEqual(expectedPhones);

    // At the peers: one email each (one Message-ID, however often it went), one SMS each
    // (two only if it was in flight when the server died).
    const messageIds = new Map<string, Set<string>>();
    for (const received of mail.received) {
      for (const to of received.to) {
        messageIds.set(to, (messageIds.get(to) ?? new Set()).add(received.parsed.messageId ?? ""));
      }
    }
    expect([...messageIds.keys()].sort()).toEqual(expectedEmails.map((e) => e.toLowerCase()));
    expect([...messageIds.values()].filter((set) => set.size !== 1)).toEqual([]);
    const texts = new Map<string, number>();
    for (const text of sms.received) texts.set(text.to, (texts.get(text.to) ?? 0) + 1);
    expect([...texts.keys()].sort()).toEqual(expectedPhones);
    const wrongSms = [...texts].filter(
      ([phone, count]) => !(count === 1 || (count === 2 && inFlight.has(phone))),
    );
    expect(wrongSms).toEqual([]);
    console.log(
      `killed at ${atKill} of ${holdersCount} delivered, ${inFlight.size} messages in flight`,
    );
  }, 240_000);
});
