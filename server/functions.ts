import { accountFunctions } from "./modules/accounts/accounts.functions.ts";
import { alertFunctions } from "./modules/alerts/alerts.functions.ts";
import { apiKeyFunctions } from "./modules/api-keys/api-keys.functions.ts";
import { apiReferenceFunctions } from "./modules/api-keys/api-reference.functions.ts";
import { attendeeMessageFunctions } from "./modules/attendee-messages/attendee-messages.functions.ts";
import { bookingResendFunctions } from "./modules/bookings/booking-resend.functions.ts";
import { bookingFunctions } from "./modules/bookings/bookings.functions.ts";
import { businessFunctions } from "./modules/businesses/businesses.functions.ts";
import { checkinFunctions } from "./modules/checkin/checkin.functions.ts";
import { doorTopicSource } from "./modules/checkin/door-topics.ts";
import { codeFunctions } from "./modules/codes/codes.functions.ts";
import { eventAuthoringFunctions } from "./modules/events/event-authoring.functions.ts";
import { eventDiscoveryFunctions } from "./modules/events/event-discovery.functions.ts";
import { holdFunctions } from "./modules/holds/holds.functions.ts";
import { invoiceFunctions } from "./modules/invoices/invoices.functions.ts";
import { notificationFunctions } from "./modules/notifications/notifications.functions.ts";
import { buyerCancellationFunctions } from "./modules/orders/buyer-cancellation.functions.ts";
import { orderRefundFunctions } from "./modules/orders/order-refunds.functions.ts";
import { orderFunctions } from "./modules/orders/orders.functions.ts";
import { revenueFunctions } from "./modules/orders/revenue.functions.ts";
import { paymentAccountFunctions } from "./modules/payments/payment-accounts.functions.ts";
import { paymentIssueFunctions } from "./modules/payments/payment-issues.functions.ts";
import { paymentFunctions } from "./modules/payments/payments.functions.ts";
import { refundProgressFunctions } from "./modules/payments/refund-progress.functions.ts";
import { subscriptionFunctions } from "./modules/payments/subscription.functions.ts";
import { profileFunctions } from "./modules/profile/profile.functions.ts";
import { questionFunctions } from "./modules/questions/questions.functions.ts";
import { teamMembershipResolvers } from "./modules/teams/team-access.ts";
import { teamTopicSource } from "./modules/teams/team-topics.ts";
import { teamFunctions } from "./modules/teams/teams.functions.ts";
import { ticketFunctions } from "./modules/tickets/tickets.functions.ts";
import { waitingListFunctions } from "./modules/waiting-list/waiting-list.functions.ts";
import { waitingRoomTopicSource } from "./modules/waiting-room/room-topics.ts";
import { waitingRoomFunctions } from "./modules/waiting-room/waiting-room.functions.ts";
import { webhookFunctions } from "./modules/webhooks/webhooks.functions.ts";
import { sessionFunctions } from "./platform/auth/sessions.functions.ts";
import type { AnyFunctionDefinition, FunctionTypes } from "./platform/callable/define-function.ts";
import type { MembershipResolver } from "./platform/callable/registry.ts";
import type { Executor } from "./platform/db/database.ts";
import { messageFunctions } from "./platform/messages/messages.functions.ts";
import type { TopicSource } from "./platform/realtime/stream-router.ts";
import { crossModuleSteps } from "./steps/cross-module-steps.ts";
import { viewerFunctions } from "./steps/viewer.ts";

/** The product's functions, module by module, with the cross-module steps (server/steps). */
const productFunctions = [
  ...sessionFunctions,
  ...viewerFunctions,
  ...accountFunctions,
  ...profileFunctions(crossModuleSteps),
  ...messageFunctions,
  ...businessFunctions(crossModuleSteps),
  ...eventAuthoringFunctions(crossModuleSteps),
  ...eventDiscoveryFunctions,
  ...waitingRoomFunctions,
  ...waitingListFunctions,
  ...holdFunctions,
  ...codeFunctions,
  ...questionFunctions,
  ...bookingFunctions,
  ...paymentFunctions,
  ...ticketFunctions,
  ...notificationFunctions,
  ...teamFunctions,
  ...checkinFunctions(crossModuleSteps),
  ...alertFunctions,
  ...attendeeMessageFunctions,
  ...paymentAccountFunctions,
  ...paymentIssueFunctions,
  ...refundProgressFunctions,
  ...subscriptionFunctions,
  ...orderRefundFunctions,
  ...revenueFunctions,
  ...invoiceFunctions,
  ...orderFunctions,
  ...bookingResendFunctions,
  ...buyerCancellationFunctions,
  ...apiKeyFunctions,
  ...webhookFunctions,
] as const satisfies readonly AnyFunctionDefinition[];

/**
 * Every callable function: the product's, and `api.reference` describing those an API key
 * may call. The page-side client takes its names and input/output types from here, so a
 * wrong call fails to type-check.
 */
export const appFunctions = [
  ...productFunctions,
  ...apiReferenceFunctions(productFunctions),
] as const satisfies readonly AnyFunctionDefinition[];

export type AppFunctions = FunctionTypes<typeof appFunctions>;

/**
 * Who is a member of what, by scope, for functions whose access is `{ member: scope }`
 * (the registry refuses to start without the scope's resolver).
 */
export const membershipResolvers: Record<string, MembershipResolver> = {
  ...teamMembershipResolvers,
};

/**
 * Who may hear which live topics besides their own `user:{id}` (e.g. a coordinator their
 * teams' `team:{id}`), one source per module, given the database; re-read by every open stream as rights change.
 */
export const realtimeTopicSources = (db: Executor): TopicSource[] => [
  // A member's teams: `team:{id}` (alerts).
  teamTopicSource(db),
  // The door: `event-door:{eventId}` for the events a user works at (check-in module).
  doorTopicSource(db),
  // The rooms a person waits in: `room:{eventId}` (waiting room).
  waitingRoomTopicSource(db),
];
