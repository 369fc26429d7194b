/** The one database schema: every module's tables, re-exported for Drizzle. */
export * from "./modules/accounts/accounts.schema.ts";
export * from "./modules/alerts/alerts.schema.ts";
export * from "./modules/attendee-messages/attendee-messages.schema.ts";
export * from "./modules/bookings/bookings.schema.ts";
export * from "./modules/businesses/businesses.schema.ts";
export * from "./modules/checkin/checkin.schema.ts";
export * from "./modules/events/events.schema.ts";
export * from "./modules/holds/holds.schema.ts";
export * from "./modules/notifications/notifications.schema.ts";
export * from "./modules/payments/payments.schema.ts";
export * from "./modules/teams/teams.schema.ts";
export * from "./modules/tickets/tickets.schema.ts";
export * from "./platform/auth/auth.schema.ts";
export * from "./platform/auth/users.schema.ts";
export * from "./platform/db/platform.schema.ts";
export * from "./platform/messages/messages.schema.ts";
export * from "./platform/realtime/realtime.schema.ts";
