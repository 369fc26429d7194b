import { and, eq, sql } from "drizzle-orm";
import type { PaymentAccountState } from "#contract/payment-options.ts";
import { requireOwnedBusiness } from "#server/modules/businesses/business-access.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import {
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAccount,
  ProviderUnavailableError,
} from "./payment-provider.ts";
import { cardPaymentsOff } from "./payment-settings.ts";
import { paymentAccounts } from "./payments.schema.ts";

/** What the console's payments page shows: whether cards are on here, and the account. */
export type PaymentAccountView = {
  cardPayments: { on: boolean; reason: string | null };
  account: { state: PaymentAccountState; connectedAt: string } | null;
};

/** Where the provider's onboarding sends the organiser back (finished, or the link expired). */
export function onboardingUrls(publicUrl: string) {
  return {
    returnUrl: `${publicUrl}/business/payments/return`,
    refreshUrl: `${publicUrl}/business/payments/refresh`,
  };
}

type PaymentSettingsInput = Parameters<typeof cardPaymentsOff>[0];

function cardPaymentsOf(settings: PaymentSettingsInput): PaymentAccountView["cardPayments"] {
  const reason = cardPaymentsOff(settings);
  return { on: reason === null, reason };
}

/**
 * The caller's business's account. A `pending` one is asked again of the provider: the
 * organiser coming back from onboarding sees its state at once, before the
 * `account.updated` webhook (which may come later, or never reach a development machine).
 */
export async function readPaymentAccount(
  db: Database,
  userId: string,
  deps: { provider: PaymentProvider | null; settings: PaymentSettingsInput },
): Promise<PaymentAccountView> {
  const business = await requireOwnedBusiness(db, userId);
  const cardPayments = cardPaymentsOf(deps.settings);
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, business.id));
  if (!row) return { cardPayments, account: null };
  let state = row.state;
  if (state === "pending" && deps.provider && row.provider === deps.provider.name) {
    // Stripe out of reach: the stored state, the page still shows.
    const current = await deps.provider.readAccount(row.accountId).catch((error: unknown) => {
      if (error instanceof ProviderUnavailableError) return null;
      throw error;
    });
    if (current && current.state !== state) {
      await db
        .update(paymentAccounts)
        .set({ state: current.state, updatedAt: new Date() })
        .where(eq(paymentAccounts.businessId, business.id));
      state = current.state;
    }
  }
  return { cardPayments, account: { state, connectedAt: row.createdAt.toISOString() } };
}

function cardsOffError(reason: string): FunctionError {
  return new FunctionError("FAILED_PRECONDITION", reason, { reason: "card-payments-off" });
}

/**
 * The business's account at the provider, made once: the provider's idempotency key is the
 * business id, so two clicks (or a retry after a crash between the provider's answer and
 * our insert) get the same account, and the row is unique per business.
 */
async function ensureAccount(
  db: Database,
  provider: PaymentProvider,
  business: { id: string; contactEmail: string },
): Promise<{ accountId: string }> {
  const [existing] = await db
    .select({ accountId: paymentAccounts.accountId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, business.id));
  if (existing) return existing;
  const created = await provider.createAccount({
    businessId: business.id,
    email: business.contactEmail,
    idempotencyKey: `account:${business.id}`,
  });
  await db
    .insert(paymentAccounts)
    .values({
      businessId: business.id,
      provider: provider.name,
      accountId: created.accountId,
      state: created.state,
    })
    .onConflictDoNothing({ target: paymentAccounts.businessId });
  // A concurrent click may have inserted first: its row is the account (the same one,
  // by the idempotency key).
  const [row] = await db
    .select({ accountId: paymentAccounts.accountId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, business.id));
  if (!row) throw new Error("payment account not stored");
  return row;
}

/** A fresh onboarding link for the caller's business (its account made on the first call). */
export async function startAccountOnboarding(
  db: Database,
  userId: string,
  deps: { provider: PaymentProvider | null; settings: PaymentSettingsInput; publicUrl: string },
): Promise<{ url: string }> {
  const business = await requireOwnedBusiness(db, userId);
  const off = cardPaymentsOff(deps.settings);
  if (off !== null || !deps.provider) throw cardsOffError(off ?? "Card payments are off.");
  const provider = deps.provider;
  try {
    const { accountId } = await ensureAccount(db, provider, business);
    return await provider.onboardingLink({ accountId, ...onboardingUrls(deps.publicUrl) });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    throw new FunctionError(
      "UNAVAILABLE",
      "Stripe cannot be reached just now. Please try again in a minute.",
    );
  }
}

/**
 * `account.updated`: the row follows the provider. Events may come late or out of order:
 * the row keeps the time of the state it holds (`updated_at`: the event's time, or when we
 * last asked), and an event older than that (to the second, Stripe's resolution) is stale
 * and ignored. An account we have no row for yet (the webhook overtook the insert after
 * `createAccount`) is ignored too: `payments.account` re-reads a pending account.
 */
export async function applyAccountUpdate(
  tx: Executor,
  event: Extract<PaymentEvent, { kind: "account.updated" }>,
): Promise<void> {
  await updateAccountState(tx, event.provider, event.account, event.created);
}

export async function updateAccountState(
  tx: Executor,
  provider: string,
  account: ProviderAccount,
  asOf: Date,
): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ state: account.state, updatedAt: asOf })
    .where(
      and(
        eq(paymentAccounts.provider, provider),
        eq(paymentAccounts.accountId, account.accountId),
        sql`date_trunc('second', ${paymentAccounts.updatedAt}) <= ${asOf}::timestamptz`,
      ),
    );
}

/** Whether the business's account can take charges now (`active`). */
export async function canTakeCardPayments(tx: Executor, businessId: string): Promise<boolean> {
  const [row] = await tx
    .select({ state: paymentAccounts.state })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, businessId));
  return row?.state === "active";
}
