import { sql } from "drizzle-orm";
import type { PaymentDeps } from "#server/modules/payments/payment-deps.ts";
import type { PaymentProvider } from "#server/modules/payments/payment-provider.ts";
import { paymentAccounts } from "#server/modules/payments/payments.schema.ts";
import type { DatabaseHandle, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { bookingsKit } from "#tests/support/kits/bookings-test-kit.ts";
import { makeEvent, newKey, type TicketTypeSpec } from "#tests/support/kits/holds-test-kit.ts";

/** Card settings the kit's servers run with (fee 5 % + 30 cents). */
export const cardEnv = {
  STRIPE_SECRET_KEY: "sk_test_checkoutkit",
  STRIPE_WEBHOOK_SECRET: "whsec_checkoutkit",
  PLATFORM_FEE_PERCENT: "5",
  PLATFORM_FEE_FIXED_MINOR: "30",
};

/**
 * Buyers calling holds, bookings and the payments functions through the registry, and
 * the payments services' deps with the given provider (null: cards off).
 */
export async function checkoutKit(
  database: DatabaseHandle,
  provider: PaymentProvider | null,
  env: Record<string, string> = {},
) {
  const kit = await bookingsKit(database, { ...cardEnv, ...env });
  const deps: PaymentDeps = {
    db: database.db,
    settings: kit.services.settings,
    messages: kit.services.messages,
    log: createLogger("silent"),
    provider,
  };
  return { ...kit, deps };
}

/**
 * A published event whose types are paid by card, of a business whose connected
 * account is `account` (default active), with the event's tax.
 */
export async function cardEvent(
  db: Executor,
  options: {
    types?: (TicketTypeSpec & { currency?: string; card?: boolean })[];
    tax?: { rateBp: number; inclusive: boolean };
    account?: "active" | "pending" | "restricted" | null;
  } = {},
) {
  const specs = options.types ?? [{ priceMinor: 1000, capacity: 10 }];
  const made = await makeEvent(db, { types: specs });
  for (const [index, spec] of specs.entries()) {
    const type = made.types[index];
    if (!type) continue;
    await db.execute(sql`update ticket_types
      set payment_method = ${spec.card === false ? "venue" : "card"},
          currency = ${spec.currency ?? "EUR"}
      where id = ${type.id}`);
  }
  const tax = options.tax ?? { rateBp: 0, inclusive: true };
  await db.execute(sql`update events set tax_rate_bp = ${tax.rateBp}, tax_inclusive = ${tax.inclusive}
    where id = ${made.event.id}`);
  const account = options.account === undefined ? "active" : options.account;
  if (account) {
    await db.insert(paymentAccounts).values({
      businessId: made.business.id,
      provider: "stripe",
      accountId: `acct_${made.business.id.replaceAll("-", "").slice(0, 16)}`,
      state: account,
    });
  }
  // A team working at the event: the organiser's alerts about it are stored for it.
  const [team] = await rowsOf<{ id: string }>(
    db,
    sql`insert into teams (business_id, name) values (${made.business.id}, 'Door') returning id`,
  );
  await db.execute(
    sql`insert into team_events (team_id, event_id) values (${team?.id}, ${made.event.id})`,
  );
  return { ...made, teamId: team?.id ?? "" };
}

/** Subjects of the alerts raised for a team, oldest first. */
export async function alertSubjectsOf(db: Executor, teamId: string): Promise<string[]> {
  const rows = await rowsOf<{ subject: string }>(
    db,
    sql`select a.subject from alerts a join alert_teams t on t.alert_id = a.id
        where t.team_id = ${teamId} order by a.created_at`,
  );
  return rows.map((row) => row.subject);
}

type Caller = { call(name: string, data: unknown): Promise<unknown> };

/** Holds `quantity` of each type given; returns the hold. */
export async function holdOf(
  client: Caller,
  eventId: string,
  items: { ticketTypeId: string; quantity: number }[],
) {
  // biome-ignore lint/suspicious/noExplicitAny: each test checks the result's shape
  const hold: any = await client.call("holds.create", {
    eventId,
    items,
    idempotencyKey: newKey(),
  });
  return hold;
}

/** Numbered attendee names for `count` tickets. */
export const attendees = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Attendee ${i + 1}` }));
