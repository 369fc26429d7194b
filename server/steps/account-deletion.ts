import { cancelFutureBookingsOfUser } from "#server/modules/bookings/cancel-bookings.ts";
import type { DeletionStep } from "#server/modules/profile/account-deletion.service.ts";
import { leaveAllTeams } from "#server/modules/teams/team-access.ts";
import { settleTicketsOfDeletedAccount } from "#server/modules/tickets/tickets-of-deleted-account.ts";

/**
 * What `profile.deleteAccount` does in other modules, in order, before the personal data
 * is erased, in the same transaction (a failing step leaves the account as it was).
 */
export const accountDeletionSteps: readonly DeletionStep[] = [
  // Tickets received go back to their givers; tickets given away stay with their
  // recipients, and the bookings they came from are then left confirmed by the next step.
  async (tx, userId) => {
    await settleTicketsOfDeletedAccount(tx, userId);
  },
  // Bookings (and their tickets) for events that have not started are cancelled and
  // their places go back on sale; live holds are let go.
  async (tx, userId) => {
    await cancelFutureBookingsOfUser(tx, userId);
  },
  // Door teams lose the member at once (their access is read on every request).
  (tx, userId) => leaveAllTeams(tx, userId),
];
