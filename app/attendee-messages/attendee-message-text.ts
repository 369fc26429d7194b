/** "1,240 of 3,000 sent": the progress of one message, as the page and its history say it. */
export function progressText(delivered: number, total: number): string {
  return `${delivered.toLocaleString("en")} of ${total.toLocaleString("en")} sent`;
}

/** "3,000 ticket holders" / "1 ticket holder". */
export function holdersText(count: number): string {
  return `${count.toLocaleString("en")} ${count === 1 ? "ticket holder" : "ticket holders"}`;
}

/** "Holder A, Holder B and 2,998 more". */
export function namesText(names: string[], count: number): string {
  const more = count - names.length;
  if (names.length === 0) return "";
  if (more <= 0) return names.join(", ");
  return `${names.join(", ")} and ${more.toLocaleString("en")} more`;
}

/** "2 of 3 messages this month", or "2 messages this month" without a limit. */
export function usageLine(usage: { used: number; limit: number | null }): string {
  const noun = (n: number) => (n === 1 ? "message" : "messages");
  return usage.limit === null
    ? `${usage.used} ${noun(usage.used)} to attendees this month`
    : `${usage.used} of ${usage.limit} ${noun(usage.limit)} to attendees this month`;
}
