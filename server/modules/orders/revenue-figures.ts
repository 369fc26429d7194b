import { shareOut, ticketShares } from "#contract/refund-amounts.ts";
import { noRevenue, type RevenueFigures, type RevenueView } from "#contract/revenue-view.ts";
import type { RevenueRows, RevenueTicketRow } from "./revenue-rows.ts";

type Movable = Omit<RevenueFigures, "netMinor">;
type Tally = Map<string, Movable>;

/** Adds `change` to the tally under `key`. */
function add(tally: Tally, key: string, change: Partial<Movable>): void {
  const now = tally.get(key) ?? { ...noRevenue };
  for (const [name, value] of Object.entries(change) as [keyof Movable, number][]) {
    now[name] += value;
  }
  tally.set(key, now);
}

const withNet = (figures: Movable): RevenueFigures => ({
  ...figures,
  netMinor: figures.grossMinor - figures.feesMinor - figures.refundsMinor,
});

/** The four ways the figures are cut; `|` separates a key's parts (ids, days, currencies). */
type Tallies = { total: Tally; day: Tally; type: Tally; event: Tally };

/**
 * The revenue of the rows' events, exact in minor units. Each booking's total and fee
 * are shared out over its tickets (contract/refund-amounts.ts, tickets in id order), so a
 * ticket type's gross is the shares of its tickets and the types add up to the total. A
 * refund's amount and fee part are shared out over the tickets it names in proportion to
 * their shares (over all the booking's tickets when it names none), so a refund lands on
 * the types of the tickets it cancelled, to the minor unit, whatever was kept back.
 */
export function revenueFigures(rows: RevenueRows): Omit<RevenueView, "scope"> {
  const tallies: Tallies = { total: new Map(), day: new Map(), type: new Map(), event: new Map() };
  const ticketsOf = new Map<string, RevenueTicketRow[]>();
  for (const ticket of rows.tickets) {
    const list = ticketsOf.get(ticket.bookingId) ?? [];
    list.push(ticket);
    ticketsOf.set(ticket.bookingId, list);
  }
  const bookings = new Map(rows.bookings.map((booking) => [booking.id, booking]));
  const typeNames = new Map(rows.tickets.map((t) => [t.ticketTypeId, t.typeName]));
  const at = (
    currency: string,
    eventId: string,
    day: string,
    typeId: string,
    change: Partial<Movable>,
  ) => {
    add(tallies.total, currency, change);
    add(tallies.day, `${currency}|${day}`, change);
    add(tallies.type, `${currency}|${eventId}|${typeId}`, change);
    add(tallies.event, `${currency}|${eventId}`, change);
  };

  for (const booking of rows.bookings) {
    const tickets = ticketsOf.get(booking.id) ?? [];
    const shares = ticketShares(booking, tickets.map(money));
    for (const ticket of tickets) {
      const share = shares.get(ticket.id) ?? { amountMinor: 0, feesMinor: 0 };
      at(booking.currency, booking.eventId, booking.day, ticket.ticketTypeId, {
        ticketsSold: 1,
        grossMinor: booking.card ? share.amountMinor : 0,
        feesMinor: booking.card ? share.feesMinor : 0,
        venueDueMinor: booking.venueUnpaid && !ticket.cancelled ? share.amountMinor : 0,
      });
    }
  }

  for (const refund of rows.refunds) {
    const booking = bookings.get(refund.bookingId);
    if (!booking) continue;
    const all = ticketsOf.get(booking.id) ?? [];
    const named = new Set(refund.ticketIds);
    const chosen = named.size > 0 ? all.filter((ticket) => named.has(ticket.id)) : all;
    if (chosen.length === 0) continue;
    const shares = ticketShares(booking, all.map(money));
    const shareOf = (ticket: RevenueTicketRow) =>
      shares.get(ticket.id) ?? { amountMinor: 0, feesMinor: 0 };
    const amounts = shareOut(
      refund.amountMinor,
      chosen.map((ticket) => shareOf(ticket).amountMinor),
    );
    const fees = shareOut(
      refund.feesMinor,
      chosen.map((ticket) => shareOf(ticket).feesMinor),
    );
    chosen.forEach((ticket, i) => {
      at(booking.currency, booking.eventId, refund.day, ticket.ticketTypeId, {
        refundsMinor: amounts[i] ?? 0,
        feesMinor: -(fees[i] ?? 0),
        ticketsRefunded: named.size > 0 ? 1 : 0,
      });
    });
  }

  const events = new Map(rows.events.map((event) => [event.id, event]));
  const eventOrder = new Map(rows.events.map((event, i) => [event.id, i]));
  const split = (key: string) => key.split("|") as [string, string, string];
  return {
    totals: [...tallies.total]
      .map(([currency, figures]) => ({ currency, ...withNet(figures) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    byDay: [...tallies.day]
      .map(([key, figures]) => {
        const [currency, day] = split(key);
        return { currency, day, ...withNet(figures) };
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency)),
    byType: [...tallies.type]
      .map(([key, figures]) => {
        const [currency, eventId, ticketTypeId] = split(key);
        return {
          currency,
          ticketTypeId,
          name: typeNames.get(ticketTypeId) ?? "",
          eventId,
          eventTitle: events.get(eventId)?.title ?? "",
          ...withNet(figures),
        };
      })
      .sort(
        (a, b) =>
          (eventOrder.get(a.eventId) ?? 0) - (eventOrder.get(b.eventId) ?? 0) ||
          b.grossMinor - a.grossMinor ||
          a.name.localeCompare(b.name),
      ),
    byEvent: [...tallies.event]
      .map(([key, figures]) => {
        const [currency, eventId] = split(key);
        const event = events.get(eventId);
        return {
          currency,
          eventId,
          title: event?.title ?? "",
          startsAt: event?.startsAt ?? "",
          ...withNet(figures),
        };
      })
      .sort((a, b) => (eventOrder.get(a.eventId) ?? 0) - (eventOrder.get(b.eventId) ?? 0)),
  };
}

const money = (ticket: RevenueTicketRow) => ({
  id: ticket.id,
  unitPriceMinor: ticket.unitPriceMinor,
});
