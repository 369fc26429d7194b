import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRateRules } from "#server/modules/accounts/account-rules.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { accountDeletionSteps } from "#server/steps/account-deletion.ts";
import { wholeCsvExport } from "#tests/support/csv-export.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";
import { holdAndConfirm } from "#tests/support/kits/bookings-test-kit.ts";
import { type CheckinKit, checkinKit } from "#tests/support/kits/checkin-test-kit.ts";
import { nth } from "#tests/support/kits/holds-test-kit.ts";
import { eraseAccount } from "./account-deletion.service.ts";

const NAME = "Nora Walker";
const PHONE = "+447911123456";
const EMAIL = "nora.walker@example.com";

/** Every text, array and JSON column of every table: where a copy of a person could hide. */
async function columnsToSearch(database: TestDatabase) {
  return rowsOf<{ table_name: string; column_name: string }>(
    database.db,
    sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      order by 1, 2`,
  );
}

/** `table.column` of every value that still holds one of `needles`. */
async function whereFound(database: TestDatabase, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table_name, column_name } of await columnsToSearch(database)) {
    const column = sql.identifier(column_name);
    const matches = sql.join(
      needles.map((needle) => sql`position(${needle.toLowerCase()} in lower(${column}::text)) > 0`),
      sql` or `,
    );
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${matches}`,
    );
    if (Number(row?.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/**
 * After an account is deleted, no table keeps the person's name, phone number or email
 * address: their tickets, hand-overs, check-ins (as guest and as door staff), stored
 * verdicts, bookings' contacts, invitations, notifications, messages and rate counters.
 */
describe.each(testDatabases)("erasing an account across every table on $name", ({ open }) => {
  let database: TestDatabase;
  let kit: CheckinKit;
  beforeAll(async () => {
    database = await open();
    kit = await checkinKit(database);
  });
  afterAll(() => database?.dispose());

  it("leaves no copy of the person's name, phone or email, and the door cannot find them", async () => {
    const door = await kit.door({ tickets: 2 });
    const nora = await kit.user(NAME);
    await database.db.execute(
      sql`update users set phone = ${PHONE}, email = ${EMAIL}, email_verified_at = now()
        where id = ${nora.user.id}::uuid`,
    );
    const friend = await kit.user("Ada Friend");
    const friendEmail = "ada.friend@example.com";
    await database.db.execute(
      sql`update users set email = ${friendEmail}, email_verified_at = now()
        where id = ${friend.user.id}::uuid`,
    );

    // Her booking for tonight (under way): her own ticket and one passed to a friend.
    const { booking } = await holdAndConfirm(nora, door.event.shortId, nth(door.types, 0).id, 2, {
      contactPhone: PHONE,
      contactEmail: EMAIL,
    });
    const [mine, given] = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from tickets where booking_id = ${booking.id}::uuid order by attendee_name`,
    );
    if (!mine || !given) throw new Error("no tickets");
    // Both in her name: the one she passes on keeps it as its name before the hand-over.
    await database.db.execute(
      sql`update tickets set attendee_name = ${NAME} where booking_id = ${booking.id}::uuid`,
    );
    await nora.call("tickets.assign", {
      ticketId: given.id,
      name: "Ada Friend",
      email: friendEmail,
      idempotencyKey: randomUUID(),
    });

    // She is let in; then she works the door herself, admits a guest and undoes it.
    const admitted = await door.staff.call(
      "checkin.scan",
      kit.scanOf(door.event.id, await kit.tokenOf(mine.id)),
    );
    expect(admitted.ticket.attendeeName).toBe(NAME);
    const nth0 = nth(door.tickets, 0);
    await database.db.execute(
      sql`insert into team_members (team_id, user_id, role)
        values (${door.team.team.id}, ${nora.user.id}, 'coordinator')`,
    );
    const byHer = await nora.call(
      "checkin.scan",
      kit.scanOf(door.event.id, await kit.tokenOf(nth0.id)),
    );
    expect(byHer.checkIn.staffName).toBe(NAME);
    await nora.call("checkin.undo", { checkInId: byHer.checkIn.id, reason: "Wrong guest" });
    await door.staff.call("checkin.scan", kit.scanOf(door.event.id, await kit.tokenOf(nth0.id)));

    // Copies elsewhere: an old invitation, messages to and about her, a rate counter.
    await database.db.execute(
      sql`insert into team_invitations (team_id, channel, destination, role, token_hash, expires_at)
        values (${door.team.team.id}, 'email', ${EMAIL}, 'staff', ${randomUUID()}, now() + interval '1 day')`,
    );
    await database.db.execute(
      sql`insert into outbound_messages (channel, destination, body, status) values
        ('sms', ${PHONE}, 'Your code is 123456', 'sent'),
        ('email', ${EMAIL}, 'Your booking is confirmed', 'queued'),
        ('email', ${friendEmail}, ${`${NAME} gave you a ticket for tonight.`}, 'sent')`,
    );
    // A place in an event's waiting room.
    await database.db.execute(
      sql`insert into waiting_places (event_id, user_id, early)
        values (${door.event.id}, ${nora.user.id}, true)`,
    );
    const limiter = kit.services.rateLimiter;
    await limiter.hit(accountRateRules.codeSendPerDestination, PHONE);
    await limiter.hit(accountRateRules.signInTriesPerAccount, `email:${EMAIL}`);
    await limiter.hit(accountRateRules.signInPerAccountAndIp, `email:${EMAIL}@203.0.113.9`);
    // Someone else's address that contains hers keeps its counter.
    const othersKey = `${accountRateRules.codeSendPerDestination.name}:x${EMAIL}`;
    await limiter.hit(accountRateRules.codeSendPerDestination, `x${EMAIL}`);
    expect(await whereFound(database, [NAME, PHONE, EMAIL])).not.toEqual([]);

    await database.db.transaction((tx) => eraseAccount(tx, nora.user.id, accountDeletionSteps));

    const others = await rowsOf(
      database.db,
      sql`select 1 from rate_limits where key = ${othersKey}`,
    );
    expect(others).toHaveLength(1);
    const places = await rowsOf(
      database.db,
      sql`select 1 from waiting_places where user_id = ${nora.user.id}`,
    );
    expect(places).toEqual([]);
    await database.db.execute(sql`delete from rate_limits where key = ${othersKey}`);
    expect(await whereFound(database, [NAME, PHONE, EMAIL])).toEqual([]);
    // The door's search and the team's export no longer know her.
    const search = await door.owner("checkin.search", { eventId: door.event.id, query: "Nora" });
    expect(search.tickets).toEqual([]);
    const csv = await wholeCsvExport((data) => door.owner("checkin.reportCsv", data), {
      teamId: door.team.team.id,
    });
    expect(csv.csv).not.toContain("Nora");
    // What is kept stays, anonymised: her check-in, the friend's ticket under the friend's name.
    const stats = await door.owner("checkin.stats", { eventId: door.event.id });
    expect(stats.in).toBe(2);
    const [friendsTicket] = await rowsOf<{ attendee_name: string; holder_user_id: string }>(
      database.db,
      sql`select attendee_name, holder_user_id from tickets where id = ${given.id}::uuid`,
    );
    expect(friendsTicket).toEqual({ attendee_name: "Ada Friend", holder_user_id: friend.user.id });
  });
});
