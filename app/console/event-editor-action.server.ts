import { data } from "react-router";
import { field } from "#app/forms/form-failure.ts";
import { fieldFailure, type IntentAnswer } from "#app/forms/intent-action.ts";
import { seriesCountText, weekdaysFrom } from "#app/series/series-text.ts";
import type { ServerContext } from "#app/server-context.ts";
import { coverImageRules } from "#contract/event-options.ts";
import { runConsoleForm } from "./console-form.ts";
import { eventDetailsFrom } from "./event-details-input.ts";
import { readWholeNumber } from "./price-input.ts";
import { ticketTypeFrom } from "./ticket-type-input.ts";

/**
 * The cover upload: the size is checked from the File before reading it (a 10 MB upload
 * gets the field's message, not a crash), then the bytes go to `events.setCover`, which
 * checks what they really are.
 */
async function uploadCover(server: ServerContext, eventId: string, form: FormData) {
  const file = form.get("cover");
  if (!(file instanceof File) || file.size === 0) {
    return fieldFailure("cover", form, "cover", "Choose an image to upload.");
  }
  if (file.size > coverImageRules.maxBytes) {
    return fieldFailure("cover", form, "cover", "The image is larger than 5 MB.");
  }
  const dataBase64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  return runConsoleForm("cover", form, async () => {
    await server.invoke("events.setCover", { eventId, contentType: file.type, dataBase64 });
    return "Cover image saved.";
  });
}

async function saveTicketType(
  server: ServerContext,
  eventId: string,
  intent: string,
  form: FormData,
) {
  const read = ticketTypeFrom(form);
  if (!read.input) {
    return fieldFailure(intent, form, "price", read.price.ok ? "" : read.price.message);
  }
  const input = read.input;
  return runConsoleForm(intent, form, async () => {
    if (intent === "ticket-create") {
      await server.invoke("ticketTypes.create", { eventId, ...input });
      return `${input.name.trim()} added.`;
    }
    await server.invoke("ticketTypes.update", {
      ticketTypeId: field(form, "ticketTypeId"),
      ...input,
    });
    return "Ticket type saved.";
  });
}

/** The waiting room's settings: the sale's start as typed, in the event's zone. */
function saveWaitingRoom(server: ServerContext, eventId: string, form: FormData) {
  const enabled = form.getAll("enabled").includes("on");
  return runConsoleForm("waiting-room", form, async () => {
    await server.invoke("events.setWaitingRoom", {
      eventId,
      enabled,
      saleStartsLocal: field(form, "saleStartsLocal"),
      checkoutCapacity: readWholeNumber(field(form, "checkoutCapacity")),
    });
    return enabled ? "Saved: the sale has a waiting room." : "Saved: the waiting room is off.";
  });
}

/** "Repeat this event" and "Add one date": either answers with the series' size. */
function extendSeries(server: ServerContext, eventId: string, intent: string, form: FormData) {
  return runConsoleForm(intent, form, async () => {
    const series =
      intent === "repeat"
        ? await server.invoke("events.repeat", {
            eventId,
            weekdays: weekdaysFrom(form.getAll("weekdays")),
            untilLocal: field(form, "untilLocal"),
          })
        : await server.invoke("events.addDate", {
            eventId,
            startsLocal: field(form, "startsLocal"),
          });
    return seriesCountText(series.dates.length);
  });
}

/** The event editor's forms, by `intent`: each calls one function and answers its form. */
export async function runEventEditorIntent(
  server: ServerContext,
  eventId: string,
  form: FormData,
): Promise<IntentAnswer> {
  const intent = field(form, "intent");
  const run = (notice: string, call: () => Promise<unknown>) =>
    runConsoleForm(intent, form, async () => {
      await call();
      return notice;
    });
  switch (intent) {
    case "details":
      return run("Saved.", () =>
        server.invoke("events.update", { eventId, ...eventDetailsFrom(form) }),
      );
    case "cover":
      return uploadCover(server, eventId, form);
    case "remove-cover":
      return run("Cover image removed.", () => server.invoke("events.removeCover", { eventId }));
    case "ticket-create":
    case "ticket-update":
      return saveTicketType(server, eventId, intent, form);
    case "ticket-delete":
      return run("Ticket type deleted.", () =>
        server.invoke("ticketTypes.delete", { ticketTypeId: field(form, "ticketTypeId") }),
      );
    case "publish":
      return run("Published: the event is on sale.", () =>
        server.invoke("events.publish", { eventId }),
      );
    case "unpublish":
      return run("Unpublished: the event is a draft again.", () =>
        server.invoke("events.unpublish", { eventId }),
      );
    case "waiting-room":
      return saveWaitingRoom(server, eventId, form);
    case "repeat":
    case "add-date":
      return extendSeries(server, eventId, intent, form);
    case "cancel":
      return run("The event is cancelled.", () =>
        server.invoke("events.cancel", { eventId, reason: field(form, "reason") || undefined }),
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
