import { type SQL, sql } from "drizzle-orm";
import { referenceAlphabet } from "#server/modules/bookings/booking-reference.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import type { Database } from "#server/platform/db/database.ts";
import { insertEvent } from "#tests/support/kits/business-test-kit.ts";

const PER_ORDER = 4;
const PRICE_MINOR = 1500;

/**
 * A booking reference of the real format (`K7QM-3TPX`, which the door desk's search looks
 * up by shape) made from the bytes of md5(`key`): 31^8 values, collisions unlikely.
 */
function referenceOf(key: SQL): SQL {
  const char = (i: number) =>
    sql`substr(${referenceAlphabet}, get_byte(decode(md5(${key}::text), 'hex'), ${sql.raw(String(i))}) % 31 + 1, 1)`;
  const chars = [0, 1, 2, 3, 4, 5, 6, 7].map(char);
  return sql.join([...chars.slice(0, 4), sql`'-'`, ...chars.slice(4)], sql` || `);
}

/**
 * A published event of `tickets` booked tickets, set up by bulk SQL as the sales would
 * leave it: one buyer, hold and booking per order of 4, then its tickets ("Guest 1"…),
 * the type's `taken` equal to the ticket rows. `bookedOver`: bookings spread over the last
 * that many days (else all now).
 */
export async function bookedEvent(
  db: Database,
  businessId: string,
  tickets: number,
  options: { bookedOverDays?: number } = {},
) {
  const event = await insertEvent(db, businessId, "published");
  const [type] = await db
    .insert(ticketTypes)
    .values({
      eventId: event.id,
      name: "Standing",
      priceMinor: PRICE_MINOR,
      currency: "EUR",
      capacity: tickets,
      taken: tickets,
      perOrderLimit: PER_ORDER,
    })
    .returning();
  if (!type) throw new Error("no ticket type");
  const orders = Math.ceil(tickets / PER_ORDER);
  const spread = options.bookedOverDays ?? 0;
  await db.execute(sql`
    with buyers as (
      insert into users (name, phone, phone_verified_at, email)
      select 'Buyer ' || g, '+4478' || lpad(g::text, 9, '0'), now(), 'buyer' || g || '@example.com'
      from generate_series(1, ${orders}::int) g returning id
    ), held as (
      insert into holds (user_id, event_id, status, expires_at)
      select id, ${event.id}::uuid, 'converted', now() from buyers returning id, user_id
    ), booked as (
      insert into bookings (reference, user_id, event_id, hold_id, payment_status,
        payment_provider, total_minor, currency, created_at)
      select ${referenceOf(sql`id`)}, user_id,
        ${event.id}::uuid, id, 'unpaid', 'venue', ${PRICE_MINOR * PER_ORDER}, 'EUR',
        now() - random() * ${spread}::int * interval '1 day'
      from held returning id, user_id
    )
    insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
    select booked.id, ${event.id}::uuid, ${type.id}::uuid, booked.user_id, 'Guest ' || n,
      md5(random()::text || n || booked.id::text)
    from booked, generate_series(1, ${PER_ORDER}::int) n`);
  return { event, type, orders };
}
