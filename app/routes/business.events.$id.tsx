import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { data, Link, useLoaderData } from "react-router";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { CoverImageForm } from "~/console/CoverImageForm";
import { consoleLoad } from "~/console/console-loader";
import { EventDetailsForm } from "~/console/EventDetailsForm";
import { EventLifecycle } from "~/console/EventLifecycle";
import { EventPreview } from "~/console/EventPreview";
import { EventStatusBadge } from "~/console/EventStatusBadge";
import { runEventEditorIntent } from "~/console/event-editor-action";
import { NewTicketTypeForm } from "~/console/NewTicketTypeForm";
import { TicketTypeCard } from "~/console/TicketTypeCard";
import { timeZoneChoices } from "~/console/time-zones";
import { formatEventTime } from "~/events/format";
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
  const cancelled = event.status === "cancelled";
  const taken = event.ticketTypes.reduce((sum, t) => sum + t.taken, 0);
  return (
    <Screen title={event.title}>
      <Anchor component={Link} to="/business/events">
        ← Your events
      </Anchor>
      {created ? (
        <FormMessage kind="notice">
          Your event is saved as a draft. Add ticket types, then publish it.
        </FormMessage>
      ) : null}
      <Stack gap="xs">
        <Group gap="sm">
          <EventStatusBadge status={event.status} endsAt={event.endsAt} />
          <Text>{formatEventTime(event.startsAt, event.timeZone, { withZone: true })}</Text>
        </Group>
        {event.status === "published" ? (
          <Anchor component={Link} to={event.path}>
            Open the public page ({event.path})
          </Anchor>
        ) : null}
        {cancelled ? (
          <FormMessage kind="error" title="Cancelled">
            This event was cancelled
            {event.cancelledAt ? ` on ${formatEventTime(event.cancelledAt, event.timeZone)}` : ""}.
            Cancelling is final: it can no longer change.
          </FormMessage>
        ) : null}
      </Stack>
      <EventLifecycle
        status={event.status}
        ticketTypeCount={event.ticketTypes.length}
        taken={taken}
      />
      {cancelled ? null : (
        <Section id="details-heading" heading="Details">
          <EventDetailsForm values={event} zones={zones} />
        </Section>
      )}
      {cancelled ? null : (
        <Section id="cover-heading" heading="Cover image">
          <CoverImageForm cover={event.cover} title={event.title} />
        </Section>
      )}
      <Section id="tickets-heading" heading="Ticket types">
        {event.ticketTypes.length === 0 ? (
          <Text c="dimmed">No ticket types yet: add at least one to publish.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {event.ticketTypes.map((type) => (
              <TicketTypeCard
                key={type.id}
                type={type}
                timeZone={event.timeZone}
                editable={!cancelled}
              />
            ))}
          </Stack>
        )}
        {cancelled ? null : (
          <NewTicketTypeForm
            timeZone={event.timeZone}
            currency={event.ticketTypes[0]?.currency ?? "GBP"}
          />
        )}
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
