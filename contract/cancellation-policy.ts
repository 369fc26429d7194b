/**
 * An event's cancellation policy, defined once (the event editor, the server's checks,
 * the buyer's pages). Pure data, safe to import from pages.
 *
 * - `attendeeCancellation` false: buyers cannot cancel themselves (the organiser can).
 * - otherwise until `deadlineHours` before the start (0: until the start), keeping
 *   `feePercent` of what would be refunded (0: refunded in full).
 */
export type CancellationPolicy = {
  attendeeCancellation: boolean;
  deadlineHours: number;
  feePercent: number;
};

/** A year: the furthest ahead a deadline may be set. */
export const MAX_CANCELLATION_DEADLINE_HOURS = 8760;
export const MAX_CANCELLATION_FEE_PERCENT = 100;

/** The last moment a buyer may cancel under the policy, or null when they may not at all. */
export function cancellationDeadline(policy: CancellationPolicy, startsAt: Date): Date | null {
  if (!policy.attendeeCancellation) return null;
  return new Date(startsAt.getTime() - policy.deadlineHours * 3_600_000);
}
