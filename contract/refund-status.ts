/**
 * A refund of card money (payments module's `refunds`): `requested` (recorded, not yet
 * accepted by the provider: sent after the commit, or again by the refund runner after a
 * crash), `pending` (the provider accepted it and is moving the money), `succeeded`,
 * `failed` (the organiser is told and may retry: a new attempt, the tickets stay cancelled).
 */
export const refundStatuses = ["requested", "pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Why money went back: the organiser refunded, the buyer cancelled, the event was cancelled, the account was deleted. */
export const refundSources = [
  "organizer",
  "attendee",
  "event-cancelled",
  "account-deletion",
] as const;
export type RefundSource = (typeof refundSources)[number];
