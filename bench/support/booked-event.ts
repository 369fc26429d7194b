import { type SQL, sql } from "drizzle-orm";
import { referenceAlphabet } from "#server/modules/bookings/booking-reference.ts";
import { ticketTypes } from "#server/modules/events/events.schema.ts";
import type { Database } from "#server/platform/db/database.ts";
import { insertEvent } from "#tests/support/kits/business-test-kit.ts";

const PER_ORDER = 4;
const PRICE_MINOR = 1500;

const firstNames =
  "Ann Ben Chloe Dev Ella Finn Grace Hugo Isla Jack Kofi Lena Maya Noah Olu Priya Quinn Rosa Sam Tara Uma Vik Wen Xena Yusuf Zoe Amir Bea Carlos Dana Eli Fatima Gus Hana Ivan Jade Kenji Lucia Mo Nia";
const lastNames =
  "Smith Jones Okafor Patel Nguyen Garcia Kowalski Murphy Rossi Schmidt Haddad Tanaka Silva Novak Larsen Cohen Dubois Fischer Kim Mensah Ali Byrne Costa Evans Fraser Gill Hughes Iqbal Jensen Khan Lopez Moreau Nakamura Owusu Price Quigley Reyes Sato Taylor Usman Varga Walsh Yilmaz Zhang Adeyemi Bianchi Chen Diaz Ekwueme Flores";

/** A name as people have them: a first and a last name spread by a hash of `seed` (SQL). */
function personName(seed: ReturnType<typeof sql>) {
  return sql`(string_to_array(${firstNames}, ' '))[1 + abs(hashtext('f' || ${seed})) % ${firstNames.split(" ").length}]
    || ' ' || (string_to_array(${lastNames}, ' '))[1 + abs(hashtext('l' || ${seed})) % ${lastNames.split(" ").length}]`;
}

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
 * leave it: one buyer, hold and booking per order of 4, then its tickets, the type's
 * `taken` equal to the ticket rows. People have names as people do (first and last names
 * spread by a hash) and a verified phone and email. `bookedOverDays`: bookings spread over
 * the last that many days (else all now). `guestsHoldTickets`: every ticket passed on to a
 * person of its own (its holder and attendee name), as friends' tickets are, so the
 * event has as many holders as tickets.
 */
export async function bookedEvent(
  db: Database,
  businessId: string,
  tickets: number,
  options: { bookedOverDays?: number; guestsHoldTickets?: boolean } = {},
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
      insert into users (name, phone, phone_verified_at, email, email_verified_at)
      select ${personName(sql`g`)}, '+4478' || lpad(g::text, 9, '0'), now(),
        'buyer' || g || '@example.com', now()
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
    select booked.id, ${event.id}::uuid, ${type.id}::uuid, booked.user_id,
      ${personName(sql`booked.id::text || n`)}, md5(random()::text || n || booked.id::text)
    from booked, generate_series(1, ${PER_ORDER}::int) n`);
  if (options.guestsHoldTickets) await passToGuests(db, event.id);
  return { event, type, orders };
}

/** Every ticket of the event to a guest of its own (a new verified person), by bulk SQL. */
async function passToGuests(db: Database, eventId: string) {
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) as n from tickets where event_id = ${eventId}::uuid
    ), guests as (
      insert into users (name, phone, phone_verified_at, email, email_verified_at)
      select ${personName(sql`n::text`)}, '+4479' || lpad(n::text, 9, '0'), now(),
        'guest' || n || '@example.com', now()
      from numbered returning id, name, phone
    )
    update tickets k set holder_user_id = g.id, attendee_name = g.name
    from numbered, guests g
    where numbered.id = k.id and g.phone = '+4479' || lpad(numbered.n::text, 9, '0')`);
}
