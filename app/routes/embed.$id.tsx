import { data, useLoaderData } from "react-router";
import { EmbedWidget } from "#app/embed/EmbedWidget.tsx";
import { useHostFrame } from "#app/embed/use-host-frame.ts";
import { useLiveRevalidation } from "#app/events/use-live-revalidation.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { pageTitle } from "#contract/brand.ts";
import type { Route } from "./+types/embed.$id";

/**
 * `/embed/{shortId}`: an event's ticket widget, framed by the organiser's own site
 * (decision 040). The one kind of page another site may frame; shared like the event page
 * (a third-party frame carries none of our cookies anyway). A draft has no widget, even
 * for its owner: what a widget shows is what the public may book.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const event = await foundOr404(server.invoke("events.get", { id: params.id }));
  if (event.preview) throw data(null, { status: 404 });
  return { event };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(`Tickets: ${loaderData.event.title}`) },
    { name: "robots", content: "noindex" },
  ];
}

export default function Page() {
  const { event } = useLoaderData<typeof loader>();
  useLiveRevalidation(30);
  useHostFrame();
  return <EmbedWidget event={event} />;
}
