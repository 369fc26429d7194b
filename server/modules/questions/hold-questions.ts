import type { HoldQuestions } from "#contract/event-questions.ts";
import { questionsOfHold } from "#contract/event-questions.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { loadEventQuestions } from "./event-questions.ts";

/** One ticket type per ticket, in the hold's item order: the order attendees are named in. */
export function ticketTypesOfHold(hold: Pick<HoldView, "items">): string[] {
  return hold.items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => item.ticketTypeId),
  );
}

/** What the booking page asks for the caller's hold (`questions.forHold`; NOT_FOUND for another's). */
export async function questionsForHold(
  db: Executor,
  userId: string,
  holdId: string,
): Promise<HoldQuestions> {
  const hold = await loadHoldView(db, holdId, userId);
  return questionsOfHold(await loadEventQuestions(db, hold.eventId), ticketTypesOfHold(hold));
}
