import { type Form, int, list, metadataOf, obj, text } from "./stripe-form.ts";
import {
  invalid,
  type Json,
  missing,
  newId,
  nowSeconds,
  PeerError,
  type PeerStore,
  type SessionLine,
} from "./stripe-peer-store.ts";

/** What the peer's operations share: its objects, its address, and how events leave. */
export type PeerContext = {
  store: PeerStore;
  url: string;
  /** Records the event; it is delivered with the others of the same operation. */
  emit(type: string, object: Json): void;
};

const MIN_EXPIRY_SECONDS = 30 * 60;
/** A request's own travel time: a session asked for "30 minutes from now" still passes. */
const EXPIRY_SLACK_SECONDS = 60;

/** `POST /v1/checkout/sessions`, modes payment and subscription, price_data lines only. */
export function createSession(ctx: PeerContext, form: Form): Json {
  const mode = text(form, "mode");
  if (mode !== "payment" && mode !== "subscription")
    throw invalid("Invalid mode: must be one of payment, setup or subscription", "mode");
  const successUrl = text(form, "success_url");
  if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
  const lines: SessionLine[] = [];
  let currency: string | undefined;
  const items = list(form, "line_items");
  if (items.length === 0) throw invalid("Missing required param: line_items.", "line_items");
  items.forEach((item, index) => {
    const priceData = obj(item, "price_data");
    const lineCurrency = text(priceData, "currency")?.toLowerCase();
    const unitAmount = int(priceData, "unit_amount");
    const quantity = int(item, "quantity") ?? 1;
    const name = text(obj(priceData, "product_data"), "name");
    const param = `line_items[${index}][price_data]`;
    if (!lineCurrency || unitAmount === undefined || !name || Number.isNaN(unitAmount))
      throw invalid(
        "Each line item needs price_data with currency, unit_amount, product_data[name].",
        param,
      );
    if (unitAmount < 0 || quantity < 1) throw invalid("Invalid integer.", param);
    if (currency && currency !== lineCurrency)
      throw invalid("All line items must use the same currency.", `${param}[currency]`);
    currency = lineCurrency;
    const interval = text(obj(priceData, "recurring"), "interval");
    if (mode === "subscription" && !interval)
      throw invalid("You must provide at least one recurring price in `subscription` mode.", param);
    lines.push({ name, unitAmount, quantity, ...(interval ? { interval } : {}) });
  });
  const created = nowSeconds();
  const expiresAt = int(form, "expires_at") ?? created + 24 * 60 * 60;
  if (expiresAt < created + MIN_EXPIRY_SECONDS - EXPIRY_SLACK_SECONDS)
    throw invalid(
      "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
      "expires_at",
    );
  if (expiresAt > created + 24 * 60 * 60)
    throw invalid(
      "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
      "expires_at",
    );
  const paymentIntentData = obj(form, "payment_intent_data");
  const fee = int(paymentIntentData, "application_fee_amount") ?? null;
  const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (fee !== null && fee > total)
    throw invalid(
      "The application fee cannot exceed the amount.",
      "payment_intent_data[application_fee_amount]",
    );
  const destination = text(obj(paymentIntentData, "transfer_data"), "destination") ?? null;
  if (destination && !ctx.store.accounts.has(destination))
    throw missing("account", destination, "payment_intent_data[transfer_data][destination]");
  const id = newId(mode === "payment" ? "cs_test" : "cs_test_sub");
  const session: Json = {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    amount_subtotal: total,
    amount_total: total,
    currency,
    created,
    expires_at: expiresAt,
    success_url: successUrl,
    cancel_url: text(form, "cancel_url") ?? null,
    customer_email: text(form, "customer_email") ?? null,
    client_reference_id: text(form, "client_reference_id") ?? null,
    customer: null,
    metadata: metadataOf(form),
    payment_intent: null,
    subscription: null,
    livemode: false,
    url: `${ctx.url}/pay/${id}`,
  };
  ctx.store.sessions.set(id, session);
  ctx.store.extras.set(id, {
    lines,
    paymentIntentData: {
      applicationFeeAmount: fee,
      destination,
      metadata: metadataOf(paymentIntentData),
    },
    subscriptionMetadata: metadataOf(obj(form, "subscription_data")),
  });
  return session;
}

/** The session, expired first when its time is up (as Stripe does on its own). */
export function sessionOf(ctx: PeerContext, id: string): Json {
  const session = ctx.store.sessions.get(id);
  if (!session) throw missing("checkout.session", id);
  if (session.status === "open" && session.expires_at <= nowSeconds()) expireSession(ctx, id);
  return session;
}

export function expireSession(ctx: PeerContext, id: string): Json {
  const session = ctx.store.sessions.get(id);
  if (!session) throw missing("checkout.session", id);
  if (session.status !== "open")
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      undefined,
      "checkout_session_not_open",
    );
  session.status = "expired";
  session.url = null;
  ctx.emit("checkout.session.expired", session);
  return session;
}

export const DECLINED_MESSAGE = "Your card was declined.";

/** The hosted page's "Pay" (card ok) or "Pay with a declined card" on an open session. */
export function paySession(ctx: PeerContext, id: string, card: "ok" | "declined"): Json {
  const session = sessionOf(ctx, id);
  if (session.status === "expired")
    throw invalid("This Checkout Session has expired.", undefined, "checkout_session_expired");
  if (session.status === "complete")
    throw invalid(
      "This Checkout Session is already complete.",
      undefined,
      "checkout_session_complete",
    );
  const extras = ctx.store.extras.get(id);
  if (!extras) throw missing("checkout.session", id);
  if (session.mode === "subscription") {
    if (card === "declined")
      throw new PeerError(402, "card_error", DECLINED_MESSAGE, "card_declined");
    return paySubscription(ctx, session, extras.lines, extras.subscriptionMetadata);
  }
  const intent = intentOf(ctx, session, extras.paymentIntentData);
  if (card === "declined") {
    intent.status = "requires_payment_method";
    intent.last_payment_error = {
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: DECLINED_MESSAGE,
    };
    ctx.emit("payment_intent.payment_failed", intent);
    throw new PeerError(402, "card_error", DECLINED_MESSAGE, "card_declined");
  }
  const charge: Json = {
    id: newId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    currency: intent.currency,
    created: nowSeconds(),
    paid: true,
    refunded: false,
    status: "succeeded",
    payment_intent: intent.id,
    application_fee_amount: intent.application_fee_amount,
    transfer_data: intent.transfer_data,
    payment_method_details: {
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, country: "US" },
    },
    metadata: intent.metadata,
  };
  ctx.store.charges.set(charge.id, charge);
  Object.assign(intent, {
    status: "succeeded",
    amount_received: intent.amount,
    latest_charge: charge.id,
    last_payment_error: null,
  });
  Object.assign(session, { status: "complete", payment_status: "paid", url: null });
  ctx.emit("charge.succeeded", charge);
  ctx.emit("payment_intent.succeeded", intent);
  ctx.emit("checkout.session.completed", session);
  return session;
}

function intentOf(
  ctx: PeerContext,
  session: Json,
  data: {
    applicationFeeAmount: number | null;
    destination: string | null;
    metadata: Record<string, string>;
  },
): Json {
  const existing = session.payment_intent
    ? ctx.store.paymentIntents.get(session.payment_intent)
    : undefined;
  if (existing) return existing;
  const intent: Json = {
    id: newId("pi"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: 0,
    currency: session.currency,
    created: nowSeconds(),
    status: "requires_payment_method",
    latest_charge: null,
    last_payment_error: null,
    application_fee_amount: data.applicationFeeAmount,
    transfer_data: data.destination ? { destination: data.destination } : null,
    metadata: data.metadata,
    livemode: false,
  };
  ctx.store.paymentIntents.set(intent.id, intent);
  session.payment_intent = intent.id;
  return intent;
}

function paySubscription(
  ctx: PeerContext,
  session: Json,
  lines: SessionLine[],
  metadata: Record<string, string>,
): Json {
  const created = nowSeconds();
  const customer: Json = {
    id: newId("cus"),
    object: "customer",
    email: session.customer_email,
    created,
    metadata: {},
  };
  ctx.store.customers.set(customer.id, customer);
  ctx.emit("customer.created", customer);
  const periodEnd = (interval: string | undefined) =>
    interval === "year" ? created + 365 * 24 * 3600 : created + 30 * 24 * 3600;
  const subscription: Json = {
    id: newId("sub"),
    object: "subscription",
    customer: customer.id,
    status: "active",
    created,
    start_date: created,
    currency: session.currency,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    metadata,
    latest_invoice: null,
    items: {
      object: "list",
      has_more: false,
      data: lines.map((line) => ({
        id: newId("si"),
        object: "subscription_item",
        quantity: line.quantity,
        current_period_start: created,
        current_period_end: periodEnd(line.interval),
        price: {
          id: newId("price"),
          object: "price",
          currency: session.currency,
          unit_amount: line.unitAmount,
          recurring: { interval: line.interval ?? "month", interval_count: 1 },
          product: newId("prod"),
        },
      })),
    },
  };
  ctx.store.subscriptions.set(subscription.id, subscription);
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    customer: customer.id,
    subscription: subscription.id,
    url: null,
  });
  // Stripe's order: the subscription exists before the session's completion is announced.
  ctx.emit("customer.subscription.created", subscription);
  ctx.emit("checkout.session.completed", session);
  return session;
}
