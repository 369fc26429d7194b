import type { FormFailure } from "#app/forms/form-failure.ts";
import type { MyWaitingListEntry } from "#contract/waiting-list.ts";

/**
 * What the event page's waiting list forms get back, for the ticket type they were sent
 * from: the person's entry after joining (null after leaving), or the refusal.
 */
export type WaitingListAnswer =
  | { ticketTypeId: string; ok: true; entry: MyWaitingListEntry | null }
  | { ticketTypeId: string; ok: false; failure: FormFailure };
