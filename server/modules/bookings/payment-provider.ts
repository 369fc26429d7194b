import type { PaymentStatus } from "#contract/booking-status.ts";
import type { Executor } from "#server/platform/db/database.ts";

export type PaymentRequest = {
  bookingId: string;
  reference: string;
  userId: string;
  totalMinor: number;
  currency: string;
};

/**
 * How a booking with a price gets paid. `start` runs inside the confirm transaction and
 * decides the booking's payment status; a provider that talks to a card processor would
 * record its payment intent here and mark the booking paid from its webhook later.
 */
export type PaymentProvider = {
  /** Stored on the booking (`payment_provider`). */
  name: string;
  /** What the booking page shows. */
  label: string;
  start(tx: Executor, request: PaymentRequest): Promise<{ paymentStatus: PaymentStatus }>;
};

/** Built in: the booking is confirmed now and paid at the door (marked unpaid until then). */
export const payAtVenue: PaymentProvider = {
  name: "venue",
  label: "Pay at the venue",
  start: async () => ({ paymentStatus: "unpaid" }),
};

/** The providers a priced booking may choose from, by name. */
export const paymentProviders = { venue: payAtVenue } as const satisfies Record<
  string,
  PaymentProvider
>;
export type PaymentProviderName = keyof typeof paymentProviders;
export const paymentProviderNames = Object.keys(paymentProviders) as [PaymentProviderName];

/** A free booking needs no payment at all. */
export const FREE_PROVIDER = "free";
