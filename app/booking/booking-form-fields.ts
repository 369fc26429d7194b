/** The names of the booking page's form fields, one definition for the form and its action. */

/** The quantity select of one ticket type. */
export const quantityField = (ticketTypeId: string) => `quantity.${ticketTypeId}`;

/** The name of the attendee of the `index`-th ticket of the hold (from 0). */
export const attendeeField = (index: number) => `attendee.${index}`;

/**
 * A confirm's idempotency key: one booking per hold at most, so the hold's id is the key,
 * and a second click (or a retry after a lost answer) gets the first booking back.
 */
export const confirmKeyOf = (holdId: string) => `confirm-${holdId}`;

/** The hold's tickets one by one, in the hold's order: one attendee name each. */
export function ticketSlots(items: { name: string; quantity: number }[]): string[] {
  return items.flatMap((item) => Array.from({ length: item.quantity }, () => item.name));
}

/** An answer to one of the order's questions: the function's own input path. */
export const orderAnswerField = (questionId: string) => `answers.${questionId}`;

/** An answer of the `index`-th ticket's attendee: the function's own input path. */
export const attendeeAnswerField = (index: number, questionId: string) =>
  `attendees.${index}.answers.${questionId}`;
