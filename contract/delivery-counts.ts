/**
 * How far a message to many people got, per channel, as the console shows it: in-app
 * told of all to tell; email and SMS sent (or kept by the outbox adapter), failed after
 * their retries, and pending (queued, being tried). Pure data, safe to import from pages.
 */
export type ChannelCounts = { sent: number; failed: number; pending: number };

export type DeliveryCounts = {
  app: { delivered: number; total: number };
  email: ChannelCounts;
  sms: ChannelCounts;
};

export const noCounts: ChannelCounts = { sent: 0, failed: 0, pending: 0 };

/** An event's change or cancellation notice with its delivery (console, event editor). */
export type EventNoticeView = {
  id: string;
  kind: "event-changed" | "event-cancelled" | "event-reminder";
  title: string;
  status: "sending" | "sent";
  createdAt: string;
  delivery: DeliveryCounts;
};
