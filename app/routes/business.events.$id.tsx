import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { data, useLoaderData } from "react-router";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { CoverImageForm } from "~/console/CoverImageForm";
import { consoleLoad } from "~/console/console-loader";
import { EventDetailsForm } from "~/console/EventDetailsForm";
import { EventEditorHeader } from "~/console/EventEditorHeader";
import { EventLifecycle } from "~/console/EventLifecycle";
import { EventPreview } from "~/console/EventPreview";
import { runEventEditorIntent } from "~/console/event-editor-action";
import { TicketTypesSection } from "~/console/TicketTypesSection";
import { timeZoneChoices } from "~/console/time-zones";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
import { requireSignedIn } from "~/session/require-signed-in";
import type { Route } from "./+types/business.events.$id";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Edit ${loaderData.event.title}` : "Event");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const event = await consoleLoad(server, request, () =>
    server.invoke("events.getForOwner", { eventId: params.id }),
  );
  return {
    event,
    zones: timeZoneChoices(event.timeZone),
    created: new URL(request.url).searchParams.has("created"),
  };
}

/** No form here comes near this; a bigger body is refused before it is read. */
const maxBodyBytes = 12 * 1024 * 1024;

export async function action({ request, context, params }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  requireSignedIn(server, request);
  if (Number(request.headers.get("content-length") ?? 0) > maxBodyBytes) {
    throw data("This upload is too large.", { status: 413 });
  }
  const { result, status } = await runEventEditorIntent(
    server,
    params.id,
    await request.formData(),
  );
  return data(result, { status });
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}

export default function Page() {
  const { event, zones, created } = useLoaderData<typeof loader>();
  const editable = event.status !== "cancelled";
  const taken = event.ticketTypes.reduce((sum, t) => sum + t.taken, 0);
  return (
    <Screen title={event.title}>
      <EventEditorHeader event={event} created={created} />
      <EventLifecycle
        status={event.status}
        ticketTypeCount={event.ticketTypes.length}
        taken={taken}
      />
      {editable ? (
        <Section id="details-heading" heading="Details">
          <EventDetailsForm values={event} zones={zones} />
        </Section>
      ) : null}
      {editable ? (
        <Section id="cover-heading" heading="Cover image">
          <CoverImageForm cover={event.cover} title={event.title} />
        </Section>
      ) : null}
      <Section id="tickets-heading" heading="Ticket types">
        <TicketTypesSection
          ticketTypes={event.ticketTypes}
          timeZone={event.timeZone}
          editable={editable}
        />
      </Section>
      {event.status === "draft" ? (
        <Section id="preview-heading" heading="Preview">
          <Text size="sm" c="dimmed">
            How visitors will see it once published; until then only you can see it.
          </Text>
          <EventPreview event={event} ticketTypes={event.ticketTypes} />
        </Section>
      ) : null}
    </Screen>
  );
}
