/**
 * What a door page asks the door worker: keep the event's door pages and their data, so
 * that every door page of the event opens offline after one of them was opened online.
 */
export type WarmDoorPages = { type: "warm-door-pages"; eventId: string };

export function isWarmDoorPages(message: unknown): message is WarmDoorPages {
  if (typeof message !== "object" || message === null) return false;
  const { type, eventId } = message as Record<string, unknown>;
  return type === "warm-door-pages" && typeof eventId === "string" && eventId !== "";
}
