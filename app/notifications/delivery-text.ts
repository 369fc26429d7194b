import type { ChannelCounts, DeliveryCounts } from "#contract/delivery-counts.ts";

const n = (count: number) => count.toLocaleString("en");

/** "1,200 sent · 3 failed · 10 pending": one channel's delivery; null when nothing went by it. */
export function channelText(counts: ChannelCounts): string | null {
  if (counts.sent + counts.failed + counts.pending === 0) return null;
  return [
    `${n(counts.sent)} sent`,
    counts.failed ? `${n(counts.failed)} failed` : null,
    counts.pending ? `${n(counts.pending)} pending` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The lines the console shows for one message to many: in-app, email, SMS. */
export function deliveryLines(delivery: DeliveryCounts): { label: string; text: string }[] {
  const lines = [
    { label: "In-app", text: `${n(delivery.app.delivered)} of ${n(delivery.app.total)} told` },
  ];
  const email = channelText(delivery.email);
  if (email) lines.push({ label: "Email", text: email });
  const sms = channelText(delivery.sms);
  if (sms) lines.push({ label: "SMS", text: sms });
  return lines;
}
