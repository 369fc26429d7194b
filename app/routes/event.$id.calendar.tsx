import { data } from "react-router";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import type { Route } from "./+types/event.$id.calendar";

/** `/{id}/calendar.ics`: the event as an iCalendar file, for "Add to calendar". */
export async function loader({ params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  try {
    const { filename, text } = await server.invoke("events.calendar", { id: params.id });
    return new Response(text, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-cache",
      },
    });
  } catch (error) {
    if (isFunctionError(error) && ["NOT_FOUND", "INVALID_ARGUMENT"].includes(error.status)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
