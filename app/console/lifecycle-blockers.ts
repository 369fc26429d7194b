/**
 * What stops a draft from being published, as the console can tell before asking the
 * server (which checks the same rules, and the plan's limit, again): said in the dialog
 * before its button, which is then disabled.
 */
export function publishBlockers(
  event: {
    startsAt: string;
    ticketTypeCount: number;
    /** A priced ticket type is paid by card, and the business's account cannot take charges. */
    cardsWithoutAccount?: boolean;
  },
  now: number = Date.now(),
): string[] {
  const blockers: string[] = [];
  if (event.ticketTypeCount === 0) {
    blockers.push("It has no ticket types: add at least one below, then publish.");
  }
  if (Date.parse(event.startsAt) <= now) {
    blockers.push("It has already started: change its start to a later time.");
  }
  if (event.cardsWithoutAccount) {
    blockers.push(
      "Connect a Stripe account that can take payments before publishing an event with card-paid tickets (Payments, in the console).",
    );
  }
  return blockers;
}

/** What stops a published event from going back to draft: tickets already taken. */
export function unpublishBlockers(taken: number): string[] {
  return taken > 0
    ? ["Tickets have been sold or are held, so it cannot go back to draft: cancel it instead."]
    : [];
}
