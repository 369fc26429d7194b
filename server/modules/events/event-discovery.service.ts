import { type SQL, sql } from "drizzle-orm";
import type { Availability, EventCard } from "#contract/event-card.ts";
import {
  coverImagePath,
  type EventCategory,
  fewLeftCount,
  fewLeftShare,
  maxEventDurationDays,
} from "#contract/event-options.ts";
import type { PlatformFee } from "#contract/pricing.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { eventPath } from "./event-ids.ts";
import { noPlatformFee } from "./platform-fee.ts";
import { listWaitingSql } from "./waiting-list-gate.ts";

export type DiscoveryFilters = {
  q?: string | undefined;
  category?: EventCategory | undefined;
  /** Inclusive calendar days (`YYYY-MM-DD`) in each event's own time zone. */
  from?: string | undefined;
  to?: string | undefined;
};

export type SearchResult = {
  events: EventCard[];
  page: number;
  pageCount: number;
  total: number;
  /** True when more than `totalCap` events match: `total` is then the cap. */
  totalCapped: boolean;
};

/**
 * Counting stops here: "1000+ events" is as useful as an exact number, and a capped
 * count stays an index scan of at most this many rows however many events match.
 */
export const totalCap = 1000;

const day = 86_400_000;
/** Widest UTC offset of any zone (+14:00 / -12:00): the index range that covers a local day. */
const zoneSlack = 14 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The WHERE clause of discovery. "Not ended" also bounds the start from below by the
 * longest an event may last, so the published-by-start index is range-scanned rather
 * than read from the first event ever published.
 */
export function discoveryWhere(filters: DiscoveryFilters, now: Date): SQL {
  const parts: SQL[] = [
    sql`e.status = 'published'`,
    sql`e.starts_at > ${iso(now.getTime() - maxEventDurationDays * day)}::timestamptz`,
    sql`e.ends_at > ${iso(now.getTime())}::timestamptz`,
    sql`b.status = 'active'`,
  ];
  if (filters.q) parts.push(sql`e.search @@ websearch_to_tsquery('english', ${filters.q})`);
  if (filters.category) parts.push(sql`e.category = ${filters.category}`);
  // A day is the event's local day: the UTC range (widened by the widest offset) keeps
  // the index scan, the zoned comparison then keeps only the right local days.
  if (filters.from) {
    parts.push(
      sql`e.starts_at >= ${iso(Date.parse(`${filters.from}T00:00:00Z`) - zoneSlack)}::timestamptz`,
      sql`(e.starts_at at time zone e.time_zone)::date >= ${filters.from}::date`,
    );
  }
  if (filters.to) {
    parts.push(
      sql`e.starts_at < ${iso(Date.parse(`${filters.to}T00:00:00Z`) + day + zoneSlack)}::timestamptz`,
      sql`(e.starts_at at time zone e.time_zone)::date <= ${filters.to}::date`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * A ticket type's all-in price in SQL (`tt` a ticket_types row of the event `e`): the
 * same rule as `ticketPriceParts` (contract/pricing.ts), which a test holds it to. Numeric
 * arithmetic so `round` is half up on these non-negative amounts, as `Math.round` is.
 */
export function allInPriceSql(fee: PlatformFee): SQL {
  return sql`(tt.price_minor
    + case when tt.payment_method = 'card' and tt.price_minor > 0
        then round(tt.price_minor * ${String(fee.percent)}::numeric / 100)::int
          + ${fee.fixedMinor}::int
        else 0 end
    + case when e.tax_inclusive then 0
        else round(tt.price_minor * e.tax_rate_bp::numeric / 10000)::int end)`;
}

/**
 * One page of cards, soonest first (search results too: people look for what is on
 * next, and a date order makes pagination stable). The inner query picks the page's
 * events by index; ticket figures (the lowest all-in price with the booking `fee`) are
 * then gathered for those rows only. What remains is what the public may have, as on
 * the event page (`publicRemaining`): nothing of a type while anyone waits in its list,
 * and hidden types not at all.
 */
export function discoveryPageQuery(
  filters: DiscoveryFilters,
  now: Date,
  page: { limit: number; offset: number },
  fee: PlatformFee = noPlatformFee,
): SQL {
  return sql`
    select e.short_id, e.title, e.starts_at, e.ends_at, e.time_zone, e.venue_name,
      e.category, e.cover_image_id, t.lowest_price, t.currency, t.remaining, t.capacity
    from (
      select e.id, e.short_id, e.title, e.starts_at, e.ends_at, e.time_zone, e.venue_name,
        e.category, e.cover_image_id, e.tax_rate_bp, e.tax_inclusive
      from events e
      join businesses b on b.id = e.business_id
      where ${discoveryWhere(filters, now)}
      order by e.starts_at, e.id
      limit ${page.limit} offset ${page.offset}
    ) e
    left join lateral (
      select
        coalesce(min(p.all_in) filter (where p.on_sale), min(p.all_in)) as lowest_price,
        coalesce(
          (array_agg(p.currency order by p.all_in) filter (where p.on_sale))[1],
          (array_agg(p.currency order by p.all_in))[1]
        ) as currency,
        sum(p.remaining)::int as remaining,
        sum(p.capacity)::int as capacity
      from (
        select q.*, q.remaining > 0 as on_sale from (
          select tt.currency, tt.capacity, ${allInPriceSql(fee)} as all_in,
            case when ${listWaitingSql(sql`tt.id`)} then 0
              else tt.capacity - tt.taken end as remaining
          from ticket_types tt
          -- A hidden type is sold only with its code (decision 036): it neither prices
          -- the card nor keeps the event from reading sold out.
          where tt.event_id = e.id and not tt.hidden
        ) q
      ) p
    ) t on true
    order by e.starts_at, e.id`;
}

/**
 * How many events match, counted up to `totalCap + 1` (see totalCap). The order by is
 * there for the planner: read in index order, the count stops after that many index
 * entries instead of scanning the whole table when most events match.
 */
export function discoveryCountQuery(filters: DiscoveryFilters, now: Date): SQL {
  return sql`
    select count(*)::int as n from (
      select 1 from events e
      join businesses b on b.id = e.business_id
      where ${discoveryWhere(filters, now)}
      order by e.starts_at, e.id
      limit ${totalCap + 1}
    ) matched`;
}

/** Sold out when nothing remains; few left at most 10 % of capacity or 10 tickets. */
export function availabilityOf(remaining: number | null, capacity: number | null): Availability {
  if (remaining === null || capacity === null) return "available";
  if (remaining <= 0) return "sold-out";
  return remaining <= Math.max(fewLeftCount, capacity * fewLeftShare) ? "few-left" : "available";
}

type CardRow = {
  short_id: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  venue_name: string;
  category: EventCategory;
  cover_image_id: string | null;
  lowest_price: number | null;
  currency: string | null;
  remaining: number | null;
  capacity: number | null;
};

function cardOf(row: CardRow): EventCard {
  return {
    shortId: row.short_id,
    path: eventPath({ title: row.title, shortId: row.short_id }),
    title: row.title,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    timeZone: row.time_zone,
    venueName: row.venue_name,
    category: row.category,
    coverImage: row.cover_image_id ? coverImagePath(row.cover_image_id, "small") : null,
    lowestPriceMinor: row.lowest_price === null ? null : Number(row.lowest_price),
    currency: row.currency,
    availability: availabilityOf(
      row.remaining === null ? null : Number(row.remaining),
      row.capacity === null ? null : Number(row.capacity),
    ),
  };
}

/**
 * Published, not-ended events of active businesses matching `filters`, one page of them,
 * priced all-in with the platform's booking `fee`.
 */
export async function searchEvents(
  db: Executor,
  filters: DiscoveryFilters,
  paging: { page: number; pageSize: number },
  now: Date = new Date(),
  fee: PlatformFee = noPlatformFee,
): Promise<SearchResult> {
  const offset = (paging.page - 1) * paging.pageSize;
  const [rows, counted] = await Promise.all([
    rowsOf<CardRow>(db, discoveryPageQuery(filters, now, { limit: paging.pageSize, offset }, fee)),
    rowsOf<{ n: number }>(db, discoveryCountQuery(filters, now)),
  ]);
  const matched = Number(counted[0]?.n ?? 0);
  const total = Math.min(matched, totalCap);
  return {
    events: rows.map(cardOf),
    page: paging.page,
    pageCount: Math.ceil(total / paging.pageSize),
    total,
    totalCapped: matched > totalCap,
  };
}
