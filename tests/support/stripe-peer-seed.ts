import type { PeerStore } from "./stripe-peer-store.ts";
import { type Json, newId, nowSeconds } from "./stripe-peer-store.ts";

export type SeedPaymentsInput = {
  count: number;
  amountMinor: number;
  currency?: string;
  /** The connected account paid (destination charges), if any. */
  destination?: string | null;
};

/**
 * `count` succeeded card payments (a PaymentIntent and its charge each) made at once,
 * without sessions or events: the payments a test's bulk-inserted bookings refer to, so
 * their refunds are real at the peer. Returns the PaymentIntents' ids, in order.
 */
export function seedPayments(store: PeerStore, input: SeedPaymentsInput): string[] {
  const currency = (input.currency ?? "eur").toLowerCase();
  const ids: string[] = [];
  for (let i = 0; i < input.count; i++) {
    const intentId = newId("pi");
    const charge: Json = {
      id: newId("ch"),
      object: "charge",
      amount: input.amountMinor,
      amount_captured: input.amountMinor,
      amount_refunded: 0,
      currency,
      created: nowSeconds(),
      paid: true,
      refunded: false,
      status: "succeeded",
      payment_intent: intentId,
      transfer_data: input.destination ? { destination: input.destination } : null,
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
      metadata: {},
    };
    store.charges.set(charge.id, charge);
    store.paymentIntents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount: input.amountMinor,
      amount_received: input.amountMinor,
      currency,
      created: nowSeconds(),
      status: "succeeded",
      latest_charge: charge.id,
      last_payment_error: null,
      transfer_data: charge.transfer_data,
      metadata: {},
      livemode: false,
    });
    ids.push(intentId);
  }
  return ids;
}

/** Every refund at the peer of each payment: its id, amount and status (the crash test's count). */
export function refundsByPayment(
  store: PeerStore,
): Record<string, { id: string; amount: number; status: string }[]> {
  const byPayment: Record<string, { id: string; amount: number; status: string }[]> = {};
  for (const refund of store.refunds.values()) {
    const list = byPayment[refund.payment_intent] ?? [];
    list.push({ id: refund.id, amount: refund.amount, status: refund.status });
    byPayment[refund.payment_intent] = list;
  }
  return byPayment;
}
