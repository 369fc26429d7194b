import { data, redirect } from "react-router";
import { type FormFailure, field } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";
import type { Answers } from "#contract/event-questions.ts";
import { bookingPath } from "#contract/paths.ts";
import { bookingFailure } from "./booking-failure.ts";
import {
  attendeeAnswerField,
  attendeeField,
  orderAnswerField,
  quantityField,
} from "./booking-form-fields.ts";

export type BookingActionData = {
  intent: string;
  failure: FormFailure;
};

const quantityPrefix = quantityField("");

/**
 * The quantities asked for, from the form's selects. Zeros are left out here rather than by
 * the function, so the index of an item in the function's error paths is the index sent.
 * Unknown ticket type ids are the function's to refuse.
 */
function requestedItems(form: FormData) {
  return [...form.keys()]
    .filter((key) => key.startsWith(quantityPrefix))
    .flatMap((key) => {
      const raw = field(form, key).trim();
      const ticketTypeId = key.slice(quantityPrefix.length);
      return raw === "" || raw === "0" ? [] : [{ ticketTypeId, quantity: Number(raw) }];
    });
}

async function hold(server: ServerContext, eventId: string, form: FormData) {
  const items = requestedItems(form);
  // The code the page was opened with (decision 036): the hold takes one of its uses.
  const code = field(form, "code");
  try {
    await server.invoke("holds.create", {
      eventId,
      items,
      idempotencyKey: field(form, "idempotencyKey"),
      ...(code ? { code } : {}),
    });
    return redirect(`/booking/${eventId}`);
  } catch (error) {
    const indexOf = (path: string) => Number(/^items\.(\d+)/.exec(path)?.[1] ?? Number.NaN);
    const { failure, status } = bookingFailure(
      error,
      form,
      (path) => {
        const item = items[indexOf(path)];
        return item ? quantityField(item.ticketTypeId) : null;
      },
      quantityField,
    );
    return data<BookingActionData>({ intent: "hold", failure }, { status });
  }
}

/** The answers posted under `prefix` (`answers.` or `attendees.{i}.answers.`), by question id. */
function answersUnder(form: FormData, prefix: string): Answers | undefined {
  const answers: Answers = {};
  for (const key of form.keys()) {
    if (key.startsWith(prefix)) answers[key.slice(prefix.length)] = field(form, key);
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}

/** The attendees' names and, when asked, their answers; the answers are sent only if asked. */
function attendeesOf(form: FormData): { name: string; answers?: Answers }[] {
  const attendees: { name: string; answers?: Answers }[] = [];
  while (form.has(attendeeField(attendees.length))) {
    const index = attendees.length;
    const answers = answersUnder(form, attendeeAnswerField(index, ""));
    attendees.push({ name: field(form, attendeeField(index)), ...(answers ? { answers } : {}) });
  }
  return attendees;
}

/** The order's answers, as the function's `answers` input (absent when none were asked). */
function orderAnswersOf(form: FormData): { answers?: Answers } {
  const answers = answersUnder(form, orderAnswerField(""));
  return answers ? { answers } : {};
}

/** A refusal of the attendees form (confirm or pay), its errors on the fields they name. */
function attendeesFailure(intent: string, error: unknown, form: FormData) {
  const { failure, status } = bookingFailure(error, form, (path) => {
    // An answer's path is its field's name (`answers.{id}`, `attendees.{i}.answers.{id}`).
    if (/^(attendees\.\d+\.)?answers\./.test(path)) return path;
    const attendee = /^attendees\.(\d+)/.exec(path);
    if (attendee) return attendeeField(Number(attendee[1]));
    if (path === "contactEmail") return "contactEmail";
    return null;
  });
  return data<BookingActionData>({ intent, failure }, { status });
}

async function confirm(server: ServerContext, form: FormData) {
  try {
    const booking = await server.invoke("bookings.confirm", {
      holdId: field(form, "holdId"),
      attendees: attendeesOf(form),
      ...orderAnswersOf(form),
      contactEmail: field(form, "contactEmail"),
      idempotencyKey: field(form, "idempotencyKey"),
    });
    return redirect(bookingPath(booking.reference));
  } catch (error) {
    return attendeesFailure("confirm", error, form);
  }
}

/**
 * Card-paid tickets: start (or resume: one checkout per hold) the hosted checkout and send
 * the browser there. The hold now lasts as long as the checkout; the names and email
 * travel with it and make the booking once the payment is in.
 */
async function pay(server: ServerContext, form: FormData) {
  try {
    const started = await server.invoke("payments.startCheckout", {
      holdId: field(form, "holdId"),
      attendees: attendeesOf(form),
      ...orderAnswersOf(form),
      contactEmail: field(form, "contactEmail"),
    });
    return redirect(started.url);
  } catch (error) {
    return attendeesFailure("pay", error, form);
  }
}

async function release(server: ServerContext, eventId: string, form: FormData) {
  try {
    await server.invoke("holds.release", { holdId: field(form, "holdId") });
    return redirect(`/booking/${eventId}?released=1`);
  } catch (error) {
    const { failure, status } = bookingFailure(error, form, () => null);
    return data<BookingActionData>({ intent: "release", failure }, { status });
  }
}

/** The booking page's forms: hold tickets, confirm the hold or pay for it, let it go. */
export async function runBookingAction(server: ServerContext, eventId: string, form: FormData) {
  const intent = field(form, "intent");
  if (intent === "hold") return hold(server, eventId, form);
  if (intent === "confirm") return confirm(server, form);
  if (intent === "pay") return pay(server, form);
  if (intent === "release") return release(server, eventId, form);
  throw new Response("Unknown form", { status: 400 });
}
