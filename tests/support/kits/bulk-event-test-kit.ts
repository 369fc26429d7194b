import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { referenceAlphabet } from "#server/modules/bookings/booking-reference.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { makeEvent, nth } from "#tests/support/kits/holds-test-kit.ts";

const PER_ORDER = 4;
// biome-ignore format: a list of names reads best in rows
const FIRST_NAMES = [
  "Ada", "Ben", "Chloe", "David", "Eva", "Farid", "Grace", "Hugo", "Ines", "Jonas",
  "Kemal", "Lena", "Mateo", "Nadia", "Oscar", "Priya", "Quentin", "Rosa", "Samir", "Tove",
  "Ugo", "Vera", "Wanda", "Xavier", "Yusuf", "Zoe", "Amir", "Bettina", "Carlos", "Dana",
];
// biome-ignore format: a list of names reads best in rows
const SURNAMES = [
  "Adams", "Berger", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
  "Jensen", "Kowalski", "Lopez", "Moreau", "Novak", "Olsen", "Petrov", "Quinn", "Rossi",
  "Schmidt", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zimmermann", "Brown",
  "Murphy", "Nakamura", "Silva",
];

/** Each call's phone numbers in their own range: the live phones of users are unique. */
let nextArea = 100 + Math.floor(Math.random() * 800);

/**
 * A published event of `tickets` booked tickets set up by bulk SQL (the shape of
 * bench/support/booked-event.ts), with what the door desk searches by varied: one buyer
 * ("Rosa Weber", phone `+447{area}{order:6}`), hold and booking (a reference of the real
 * format, its last 4 characters the order number in base 31, the contact phone
 * `+4420{area}{order:6}`) per order of 4, the tickets named after the buyer's family
 * ("Ada Weber"…). The type's `taken` equals the ticket rows.
 */
export async function bulkBookedEvent(db: Executor, tickets: number) {
  const made = await makeEvent(db, { types: [{ name: "Standing", capacity: tickets }] });
  const type = nth(made.types, 0);
  const orders = Math.ceil(tickets / PER_ORDER);
  const area = String((nextArea++ % 900) + 100);
  const firstNames = sql`array[${sql.join(
    FIRST_NAMES.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  const surnames = sql`array[${sql.join(
    SURNAMES.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  // A random start per event keeps the references of several such events apart.
  const referenceStart = [...randomBytes(4)].map((b) => referenceAlphabet[b % 31]).join("");
  const digit = (power: number) =>
    sql`substr(${referenceAlphabet}, (g / ${31 ** power}) % 31 + 1, 1)`;
  await db.execute(sql`
    with orders as (
      select g, gen_random_uuid() as user_id, gen_random_uuid() as hold_id,
        gen_random_uuid() as booking_id
      from generate_series(1, ${orders}::int) g
    ), buyers as (
      insert into users (id, name, phone, phone_verified_at)
      select user_id, (${firstNames})[1 + g % ${FIRST_NAMES.length}] || ' '
          || (${surnames})[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}],
        ${`+447${area}`} || lpad(g::text, 6, '0'), now()
      from orders
    ), held as (
      insert into holds (id, user_id, event_id, status, expires_at)
      select hold_id, user_id, ${made.event.id}::uuid, 'converted', now() from orders
    ), booked as (
      insert into bookings (id, reference, user_id, event_id, hold_id, payment_status,
        payment_provider, total_minor, currency, contact_phone)
      select booking_id, ${`${referenceStart}-`} || ${digit(3)} || ${digit(2)} || ${digit(1)} || ${digit(0)},
        user_id, ${made.event.id}::uuid, hold_id, 'unpaid', 'venue', 0, 'EUR',
        ${`+4420${area}`} || lpad(g::text, 6, '0')
      from orders
    )
    insert into tickets (booking_id, event_id, ticket_type_id, holder_user_id, attendee_name, secret)
    select booking_id, ${made.event.id}::uuid, ${type.id}::uuid, user_id,
      (${firstNames})[1 + (g + 7 * n) % ${FIRST_NAMES.length}] || ' '
        || (${surnames})[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}],
      md5(random()::text || n || booking_id::text)
    from orders, generate_series(1, ${PER_ORDER}::int) n
    where (g - 1) * ${PER_ORDER} + n <= ${tickets}::int`);
  await db.execute(
    sql`update ticket_types set taken = ${tickets}::int where id = ${type.id}::uuid`,
  );
  return { ...made, type, orders, area };
}
