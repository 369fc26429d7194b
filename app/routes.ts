import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The seed spec's route table (section 2); each screen's module is named after its URL. */
export default [
  // The public pages everyone opens first: plain elements, no Mantine (decision 024).
  index("routes/home.tsx"),
  // Signing in and up, and a forgotten password: the first screens a visitor fills in,
  // plain elements too (issue 28, part 3).
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("sms_verify", "routes/sms_verify.tsx"),
  route("password", "routes/password.tsx"),
  route("new_password", "routes/new_password.tsx"),
  route("access_to_account", "routes/access_to_account.tsx"),
  // An on-sale's waiting room (issue 28): light like the sign-in screens, since everyone in
  // a rush opens it on a phone at the same moment.
  route("waiting_room/:id", "routes/waiting_room.$id.tsx"),
  // An event's ticket widget, framed by an organiser's own site (issue 30, decision 040).
  route("embed/:id", "routes/embed.$id.tsx"),
  // Last by specificity: a single segment that no screen claims is an event's short id
  // or slug.
  route(":id", "routes/event.$id.tsx"),
  route(":id/calendar.ics", "routes/event.$id.calendar.tsx"),
  // Every other screen is built from Mantine's components, under its provider.
  layout("routes/mantine-layout.tsx", [
    route("upcomming", "routes/upcomming.tsx"),
    route("setting", "routes/setting.tsx"),
    route("privacy_policy", "routes/privacy_policy.tsx"),
    route("booking_refrence", "routes/booking_refrence.tsx"),
    route("ticket/:id", "routes/ticket.$id.tsx"),
    route("business/form", "routes/business.form.tsx"),
    route("business/message", "routes/business.message.tsx"),
    route("business/upgrade", "routes/business.upgrade.tsx"),
    // The organizer console (PRODUCT.md: beside the seed's three business pages). Not
    // gated by the seed's rule; its loaders send visitors to sign in.
    route("business", "routes/business._index.tsx"),
    route("business/events", "routes/business.events._index.tsx"),
    route("business/events/new", "routes/business.events.new.tsx"),
    route("business/events/:id", "routes/business.events.$id.tsx"),
    // Revenue at a glance (issue 25): an event's and the whole business's, and their CSV.
    route("business/events/:id/revenue", "routes/business.events.$id.revenue.tsx"),
    route("business/events/:id/revenue.csv", "routes/business.events.$id.revenue.csv.tsx"),
    route("business/revenue", "routes/business.revenue.tsx"),
    route("business/revenue.csv", "routes/business.revenue.csv.tsx"),
    // The organiser's orders of an event, one order, and the two streamed exports.
    route("business/events/:id/orders", "routes/business.events.$id.orders.tsx"),
    route(
      "business/events/:id/orders/:bookingId",
      "routes/business.events.$id.orders.$bookingId.tsx",
    ),
    route("business/events/:id/orders.csv", "routes/business.events.$id.orders.csv.tsx"),
    route("business/events/:id/attendees.csv", "routes/business.events.$id.attendees.csv.tsx"),
    // The waiting list of an event's sold-out types (issue 29): its order, offers, settings.
    route("business/events/:id/waiting_list", "routes/business.events.$id.waiting_list.tsx"),
    // The event's promo and access codes (issue 29, decision 036).
    route("business/events/:id/codes", "routes/business.events.$id.codes.tsx"),
    // The questions asked at checkout (issue 29 part 4, decision 037).
    route("business/events/:id/questions", "routes/business.events.$id.questions.tsx"),
    route("business/teams", "routes/business.teams._index.tsx"),
    // API keys for the business's own systems (issue 30, decision 038), and their reference.
    route("business/api-keys", "routes/business.api-keys.tsx"),
    // Webhooks: what happens pushed to the business's own systems (issue 30, decision 039).
    route("business/webhooks", "routes/business.webhooks._index.tsx"),
    route("business/webhooks/:id", "routes/business.webhooks.$id.tsx"),
    // Stripe Connect: the account's state, and where Stripe's onboarding comes back to.
    route("business/payments", "routes/business.payments.tsx"),
    route("business/payments/return", "routes/business.payments.return.tsx"),
    route("business/payments/refresh", "routes/business.payments.refresh.tsx"),
    route("business/teams/:id", "routes/business.teams.$id.tsx"),
    route("developers/api", "routes/developers.api.tsx"),
    route("account_delete_start", "routes/account_delete_start.tsx"),
    // A paid booking's receipt and the invoices' PDFs: its buyer or the organiser.
    route("receipt/:reference", "routes/receipt.$reference.tsx"),
    route("receipt/:reference/pdf", "routes/receipt.$reference.pdf.tsx"),
    route("invoice/:id/pdf", "routes/invoice.$id.pdf.tsx"),
    // The seed's gated screens (section 6). The server gate covers page loads; this
    // layout's middleware covers client-side navigations into them.
    layout("routes/gated-layout.tsx", [
      route("order", "routes/order.tsx"),
      route("order/cancel", "routes/order.cancel.tsx"),
      route("profile", "routes/profile.tsx"),
      route("booking/:id", "routes/booking.$id.tsx"),
      route("my_ticket/:id", "routes/my_ticket.$id.tsx"),
      route("my_ticket/:id/pdf", "routes/my_ticket.$id.pdf.tsx"),
      route("my-ticket/:id", "routes/my-ticket.$id.tsx"),
      route("my-ticket/:id/pdf", "routes/my-ticket.$id.pdf.tsx"),
      route("ticket-detail/:id", "routes/ticket-detail.$id.tsx"),
      route("notification/:id", "routes/notification.$id.tsx"),
      route("assign/:id", "routes/assign.$id.tsx"),
      route(
        "message/assigned_ticket_success/:id",
        "routes/message.assigned_ticket_success.$id.tsx",
      ),
      route("delete_account", "routes/delete_account.tsx"),
      route("confirm_delete_account", "routes/confirm_delete_account.tsx"),
      route("team_coordinator/team_list", "routes/team_coordinator.team_list.tsx"),
      route("team_coordinator/report/:id", "routes/team_coordinator.report.$id.tsx"),
      route(
        "team_coordinator/report/:id/check-ins.csv",
        "routes/team_coordinator.report.$id.csv.tsx",
      ),
      route("team_coordinator/business/:id", "routes/team_coordinator.business.$id.tsx"),
      // An invitation's link (decision 014): joins the team, then goes to the team list.
      route("team_coordinator/join/:token", "routes/team_coordinator.join.$token.tsx"),
      route("team_coordinator/check_in/:id", "routes/team_coordinator.check_in.$id.tsx"),
      route("team_coordinator/message_alert", "routes/team_coordinator.message_alert.tsx"),
      route(
        "team_coordinator/check_in/ticket_info",
        "routes/team_coordinator.check_in.ticket_info.tsx",
      ),
      route(
        "team_coordinator/check_in/scanner/:id",
        "routes/team_coordinator.check_in.scanner.$id.tsx",
      ),
    ]),
    // Fails on purpose when the server runs with NODE_ENV=test (the 500 page's test).
    route("__test/fail", "routes/__test.fail.tsx"),
    // The development outbox (SMS and emails not really sent); 404 on a real deployment.
    route("dev/outbox", "routes/dev.outbox.tsx"),
  ]),
] satisfies RouteConfig;
