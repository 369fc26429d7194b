import { Text } from "@mantine/core";
import { data, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { CoverImageForm } from "#app/console/CoverImageForm.tsx";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { EmbedSnippetSection } from "#app/console/EmbedSnippetSection.tsx";
import { EventDetailsForm } from "#app/console/EventDetailsForm.tsx";
import { EventEditorHeader } from "#app/console/EventEditorHeader.tsx";
import { EventLifecycle } from "#app/console/EventLifecycle.tsx";
import { EventNoticesSection } from "#app/console/EventNoticesSection.tsx";
import { EventPaymentIssuesSection } from "#app/console/EventPaymentIssuesSection.tsx";
import { EventPreview } from "#app/console/EventPreview.tsx";
import { EventRefundsSection } from "#app/console/EventRefundsSection.tsx";
import { runEventEditorIntent } from "#app/console/event-editor-action.server.ts";
import { SeriesCard } from "#app/console/SeriesCard.tsx";
import { TicketTypesSection } from "#app/console/TicketTypesSection.tsx";
import { timeZoneChoices } from "#app/console/time-zones.ts";
import { WaitingRoomForm } from "#app/console/WaitingRoomForm.tsx";
import { Section } from "#app/forms/Section.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/business.events.$id";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData ? `Edit ${loaderData.event.title}` : "Event");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const event = await consoleLoad(server, request, () =>
    server.invoke("events.getForOwner", { eventId: params.id }),
  );
  const [payments, issues, refunds] = await Promise.all([
    server.invoke("payments.account", null),
    server.invoke("payments.eventPaymentIssues", { eventId: event.id }),
    // A cancelled event refunds its paid orders: their progress.
    event.status === "cancelled"
      ? server.invoke("payments.eventRefunds", { eventId: event.id })
      : null,
  ]);
  return {
    event,
    cardsOff: payments.cardPayments.reason,
    accountActive: payments.account?.state === "active",
    paymentIssues: issues.items,
    refunds,
    // Not awaited: the editor shows at once, the notices' counts stream in after it.
    notices: server.invoke("events.notices", { eventId: event.id }).then((r) => r.items),
    zones: timeZoneChoices(event.timeZone),
    created: new URL(request.url).searchParams.has("created"),
    site: server.publicUrl,
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

export default function Page() {
  const { event, notices, zones, created, cardsOff, accountActive, paymentIssues, refunds, site } =
    useLoaderData<typeof loader>();
  const editable = event.status !== "cancelled";
  const taken = event.ticketTypes.reduce((sum, t) => sum + t.taken, 0);
  const sellsByCard = event.ticketTypes.some((t) => t.paymentMethod === "card" && t.priceMinor > 0);
  return (
    <Screen title={event.title}>
      <EventEditorHeader event={event} created={created} />
      <EventLifecycle
        status={event.status}
        startsAt={event.startsAt}
        ticketTypeCount={event.ticketTypes.length}
        taken={taken}
        cardsWithoutAccount={sellsByCard && !accountActive}
      />
      <EventRefundsSection refunds={refunds} />
      <EventPaymentIssuesSection issues={paymentIssues} />
      {editable ? (
        <Section id="details-heading" heading="Details">
          <EventDetailsForm
            values={event}
            zones={zones}
            inSeries={(event.series?.dates.length ?? 0) > 1}
          />
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
          cardsOff={cardsOff}
        />
      </Section>
      {editable ? (
        <Section id="series-heading" heading="Repeat this event">
          <SeriesCard
            eventId={event.id}
            startsAt={event.startsAt}
            timeZone={event.timeZone}
            series={event.series}
          />
        </Section>
      ) : null}
      {editable ? (
        <Section id="waiting-room-heading" heading="Waiting room">
          <WaitingRoomForm settings={event.waitingRoom} timeZone={event.timeZone} />
        </Section>
      ) : null}
      {event.status !== "draft" ? (
        <Section id="notices-heading" heading="Notices">
          <EventNoticesSection notices={notices} />
        </Section>
      ) : null}
      {editable ? (
        <Section id="embed-heading" heading="Sell on your website">
          <EmbedSnippetSection site={site} event={event} />
        </Section>
      ) : null}
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
