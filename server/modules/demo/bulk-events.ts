import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";

/**
 * Many events at once, for the search plan test and the discovery benchmark: `count`
 * events of `businesses` active businesses over `now - 40 days … now + 180 days` (so
 * some have ended), across all categories, 1 in 20 a draft and 1 in 50 cancelled, each
 * with 1-3 ticket types (some sold out, some nearly). One statement per table.
 *
 * Titles, venues and descriptions combine word lists, so every word matches a known
 * share of events; "zanzibar" appears in exactly the events whose number ends in 777.
 */
export async function insertBulkEvents(
  db: Executor,
  options: { count: number; businesses?: number; now?: Date },
): Promise<void> {
  const businessCount = options.businesses ?? 20;
  const now = (options.now ?? new Date()).toISOString();
  await db.execute(sql`
    with owners as (
      insert into users (name) select 'Bulk owner ' || g from generate_series(1, ${businessCount}) g
      returning id
    )
    insert into businesses (owner_id, name, type, contact_phone, contact_email, address, plan)
    select id, 'Bulk business ' || row_number() over (), 'venue', '+442071234567',
      'bulk@example.com', 'Bulk Street', 'pro'
    from owners`);
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) - 1 as n from businesses where name like 'Bulk business %'
    )
    insert into events (short_id, business_id, title, description, venue_name, venue_address,
      time_zone, starts_at, ends_at, category, status, published_at)
    select
      -- A valid short id: "b" then g in base 31 over the short-id alphabet.
      'b' || (select string_agg(substr('23456789abcdefghjkmnpqrstuvwxyz', 1 + ((g / power(31, i)::bigint) % 31)::int, 1), '' order by i desc)
        from generate_series(0, 6) i),
      (select id from numbered where n = g % ${businessCount}),
      (array['Jazz', 'Rock', 'Comedy', 'Theatre', 'Football', 'Yoga', 'Wine', 'Startup', 'Family', 'Garden'])[1 + g % 10]
        || ' ' || (array['Night', 'Festival', 'Evening', 'Club', 'Session', 'Weekend', 'Special'])[1 + (g / 10) % 7]
        || case when g % 1000 = 777 then ' in Zanzibar' else '' end
        || ' #' || g,
      'Join us for ' || (array['live music', 'great food', 'a friendly crowd', 'talks and drinks', 'games for all ages'])[1 + g % 5]
        || '. ' || (array['Doors open early.', 'Bring a friend.', 'Step-free access.', 'Bar open late.'])[1 + (g / 5) % 4],
      (array['Town Hall', 'Blue Door Club', 'Riverside Theatre', 'City Arena', 'Old Market', 'Northlight Gallery', 'Harbour Stage'])[1 + g % 7]
        || ' ' || (g % 97),
      (array['London', 'Bristol', 'Leeds', 'Glasgow', 'Lisbon', 'Berlin'])[1 + g % 6],
      (array['Europe/London', 'Europe/Lisbon', 'Europe/Berlin', 'America/New_York'])[1 + g % 4],
      ${now}::timestamptz - interval '40 days' + (g * interval '1 minute' * 31.68),
      ${now}::timestamptz - interval '40 days' + (g * interval '1 minute' * 31.68) + interval '3 hours',
      (array['music', 'nightlife', 'theatre', 'arts', 'sports', 'food', 'business', 'family', 'community', 'other'])[1 + (g / 3) % 10],
      case when g % 20 = 0 then 'draft' when g % 50 = 1 then 'cancelled' else 'published' end,
      ${now}::timestamptz - interval '50 days'
    from generate_series(1, ${options.count}) g`);
  await db.execute(sql`
    insert into ticket_types (event_id, name, price_minor, currency, capacity, taken, position)
    select e.id, (array['General', 'VIP', 'Student'])[t], 
      case when n % 9 = 0 then 0 else 500 * t + (n % 7) * 100 end,
      'GBP', 100 * t, case when n % 13 = 0 then 100 * t when n % 11 = 0 then 95 * t else n % 50 end, t - 1
    from (
      select id, row_number() over (order by starts_at) as n from events
      where business_id in (select id from businesses where name like 'Bulk business %')
    ) e
    cross join lateral generate_series(1, 1 + (e.n % 3)::int) t`);
}
