import { eraseAnswersOf } from "#server/modules/bookings/booking-answers.ts";
import {
  cancelFutureBookingsOfUser,
  forgetBookingContactsOf,
} from "#server/modules/bookings/cancel-bookings.ts";
import { eraseCheckInNamesOf } from "#server/modules/checkin/check-ins-of-deleted-account.ts";
import { deleteNotificationsOf } from "#server/modules/notifications/notifications.service.ts";
import { recordAccountDeletionRefunds } from "#server/modules/payments/refund-cancelled-bookings.ts";
import type { DeletionStep } from "#server/modules/profile/account-deletion.service.ts";
import { leaveAllTeams } from "#server/modules/teams/team-access.ts";
import { forgetInvitationsTo } from "#server/modules/teams/team-invitations.ts";
import { eraseNamesOfDeletedAccount } from "#server/modules/tickets/names-of-deleted-account.ts";
import { settleTicketsOfDeletedAccount } from "#server/modules/tickets/tickets-of-deleted-account.ts";
import { leaveWaitingLists } from "#server/modules/waiting-list/entries-of-deleted-account.ts";
import { leaveWaitingRooms } from "#server/modules/waiting-room/places-of-deleted-account.ts";

/**
 * What `profile.deleteAccount` does in other modules, in order, before the personal data
 * is erased, in the same transaction (a failing step leaves the account as it was). What
 * is kept (bookings, tickets, check-ins) is kept without the person's name, phone number
 * or email address (the privacy policy); `account-erasure.test.ts` searches every table.
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
  // Those of them paid by card are refunded in full (sent by the refund runner).
  async (tx, userId) => {
    await recordAccountDeletionRefunds(tx, userId);
  },
  // What is kept loses the name, phone and email: the check-ins first, while the account's
  // teams still tell at which events it undid check-ins, then its tickets' names.
  eraseCheckInNamesOf,
  eraseNamesOfDeletedAccount,
  forgetBookingContactsOf,
  // The answers given at checkout go entirely (decision 037): they are the buyer's.
  eraseAnswersOf,
  forgetInvitationsTo,
  deleteNotificationsOf,
  // Door teams lose the member at once (their access is read on every request).
  (tx, userId) => leaveAllTeams(tx, userId),
  // Waiting rooms let them go: no turn is given to someone who cannot come.
  leaveWaitingRooms,
  // Waiting lists too (their offers' holds were let go with the bookings above).
  leaveWaitingLists,
];
