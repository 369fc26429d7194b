import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { BusinessPlan } from "#contract/business-options.ts";
import type { DeliveryDeps } from "#server/modules/attendee-messages/attendee-message-delivery.ts";
import { attendeeMessageFunctions } from "#server/modules/attendee-messages/attendee-messages.functions.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { DatabaseHandle } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { businessOwner, insertEvent } from "./business-test-kit.ts";
import { functionContext, profileTestKit, signedInUser } from "./profile-test-kit.ts";

/** How a holder wants to be reached, as /setting stores it (`{}`: never chosen, so both). */
export type HolderSettings = "default" | "email-only" | "sms-only" | "none";
const settingsJson: Record<HolderSettings, string> = {
  default: "{}",
  "email-only": '{"notifyBy":{"email":true,"sms":false}}',
  "sms-only": '{"notifyBy":{"email":false,"sms":true}}',
  none: '{"notifyBy":{"email":false,"sms":false}}',
};

/**
 * Attendee messages through the registry, as pages call them. `owner(plan)` makes a
 * business with a published event of two ticket types; `holders()` gives that event
 * thousands of ticket holders in a few SQL statements (one hold and booking, one
 * ticket per holder, as if the booker had handed each ticket on).
 */
export async function attendeeMessagesKit(database: DatabaseHandle) {
  const { services } = await profileTestKit(database);
  const registry = createRegistry([...attendeeMessageFunctions]);
  const db = database.db;
  const callAs =
    (auth: Auth | null) =>
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever a function answers
    <T = any>(name: string, data: unknown = null) =>
      registry.invoke(name, data, functionContext(services, auth)) as Promise<T>;

  async function user() {
    const { user, auth } = await signedInUser(services);
    return { user, auth, call: callAs(auth) };
  }

  async function owner(plan: BusinessPlan = "pro") {
    const { user, auth, business } = await businessOwner(services, plan);
    const event = await insertEvent(db, business.id, "published");
    const types = await db
      .insert(ticketTypes)
      .values(
        ["Standing", "Seated"].map((name, position) => ({
          eventId: event.id,
          name,
          priceMinor: 0,
          currency: "GBP",
          capacity: 100_000,
          position,
        })),
      )
      .returning();
    return { user, auth, business, event, types, call: callAs(auth) };
  }

  /**
   * `count` people each holding one ticket of `ticketTypeId`, with an email and a phone,
   * both verified, and the settings `settingsOf(n)` gives holder n (1-based).
   */
  async function holders(
    eventId: string,
    ticketTypeId: string,
    count: number,
    settingsOf: (n: number) => HolderSettings = () => "default",
  ): Promise<string[]> {
    const tag = randomUUID().slice(0, 8);
    const settings = Array.from({ length: count }, (_, i) => settingsJson[settingsOf(i + 1)]);
    const created = await rowsOf<{ id: string }>(
      db,
      sql`insert into users (name, phone, phone_verified_at, email, email_verified_at, preferences)
          select 'Holder ' || lpad(n::text, 5, '0'),
                 '+1555' || ${tag} || lpad(n::text, 6, '0'),
                 now(),
                 'holder-' || n || '-' || ${tag} || '@example.com',
                 now(),
                 (${JSON.stringify(settings)}::jsonb ->> (n - 1))::jsonb
          from generate_series(1, ${count}::int) as n
          returning id`,
    );
    const [booker] = created;
    if (!booker) throw new Error("no holders");
    await db.execute(sql`
      with hold as (
        insert into holds (user_id, event_id, status, expires_at)
        values (${booker.id}, ${eventId}, 'converted', now()) returning id
      ), booking as (
        insert into bookings (reference, user_id, event_id, hold_id, payment_status,
                              payment_provider, total_minor, currency)
        select ${`T${tag}`.toUpperCase()}, ${booker.id}, ${eventId}, hold.id, 'not-required',
               'free', 0, 'GBP' from hold returning id
      )
      insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
      select booking.id, ${eventId}, ${ticketTypeId}, u.id, 'Holder', md5(random()::text || u.id::text)
      from booking, unnest(${`{${created.map((c) => c.id).join(",")}}`}::uuid[]) as u(id)`);
    return created.map((c) => c.id);
  }

  async function countOf(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await rowsOf<{ n: number | string }>(db, query);
    return Number(row?.n ?? 0);
  }

  const delivery: DeliveryDeps = { messages: null, publicUrl: "http://localhost:3999" };

  return { services, registry, db, user, owner, holders, countOf, delivery };
}
