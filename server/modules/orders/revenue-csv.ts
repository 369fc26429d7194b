import type { RevenueFigures, RevenueView } from "#contract/revenue-view.ts";
import { csvDocument } from "#server/platform/csv/csv.ts";

const header = [
  "Row",
  "Currency",
  "Day",
  "Event",
  "Ticket type",
  "Gross (minor units)",
  "Fees (minor units)",
  "Refunds (minor units)",
  "Net (minor units)",
  "Tickets sold",
  "Tickets refunded",
  "Due at the venue (minor units)",
] as const;

const figuresOf = (f: RevenueFigures) => [
  f.grossMinor,
  f.feesMinor,
  f.refundsMinor,
  f.netMinor,
  f.ticketsSold,
  f.ticketsRefunded,
  f.venueDueMinor,
];

/**
 * The revenue pages' figures as one CSV (the same view, so the same numbers): the totals
 * per currency, then a row per day, per ticket type and (the whole business) per event.
 * Amounts are integers in minor units; text cells are formula-safe (server/platform/csv/csv.ts).
 */
export function revenueCsv(view: RevenueView, today: Date): { filename: string; csv: string } {
  const event = view.scope.event;
  const rows = [
    ...view.totals.map((t) => [
      "Total",
      t.currency,
      null,
      event?.title ?? null,
      null,
      ...figuresOf(t),
    ]),
    ...view.byDay.map((d) => [
      "Day",
      d.currency,
      d.day,
      event?.title ?? null,
      null,
      ...figuresOf(d),
    ]),
    ...view.byType.map((t) => [
      "Ticket type",
      t.currency,
      null,
      t.eventTitle,
      t.name,
      ...figuresOf(t),
    ]),
    ...view.byEvent.map((e) => ["Event", e.currency, null, e.title, null, ...figuresOf(e)]),
  ];
  const name = (event?.title ?? view.scope.business.name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const day = today.toISOString().slice(0, 10);
  return { filename: `revenue-${name || "business"}-${day}.csv`, csv: csvDocument(header, rows) };
}
