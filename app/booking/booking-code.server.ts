import { isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { CodeCheckAnswer } from "#contract/event-codes.ts";

/** The code the booking page was opened with: what it does, or why it cannot be used. */
export type BookingCode =
  | { ok: true; answer: CodeCheckAnswer }
  | { ok: false; code: string; message: string };

/**
 * `?code=` on the booking page (the event page's "Book tickets" carries the code applied
 * there): checked again here, the person's own page, so the form holds with it and shows
 * its prices and the hidden types it unlocks. A refusal is said, and the page goes on
 * without the code.
 */
export async function bookingCode(
  server: ServerContext,
  eventId: string,
  code: string | null,
): Promise<BookingCode | null> {
  if (!code) return null;
  try {
    return { ok: true, answer: await server.invoke("codes.check", { eventId, code }) };
  } catch (error) {
    if (!isFunctionError(error)) throw error;
    return { ok: false, code, message: error.message };
  }
}
