import { data } from "react-router";
import { isFunctionError } from "~/accounts/form-failure";
import { serverContext } from "~/server-context";
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
    if (isFunctionError(error) && error.status === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}
