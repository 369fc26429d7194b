import { Anchor, Button, Group, Stack } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { runConsoleForm } from "#app/console/console-form.ts";
import { consoleLoad } from "#app/console/console-loader.server.ts";
import { EventDetailsFields, type EventDetailsValues } from "#app/console/EventDetailsFields.tsx";
import { eventDetailsFrom } from "#app/console/event-details-input.ts";
import { fallbackTimeZone, timeZoneChoices } from "#app/console/time-zones.ts";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/business.events.new";

const title = "Create an event";
const intro =
  "Start with the essentials. The event stays a draft, seen only by you, until you add ticket types and publish it.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const { events } = await consoleLoad(server, request, async () => {
    const business = await server.invoke("businesses.mine", null);
    if (!business) throw redirect("/business/form");
    return server.invoke("events.listMine", { page: 1 });
  });
  // A business's events are where it is: a new one starts in the zone of its latest, and
  // only a business with no event yet goes by the browser's zone.
  const businessZone = events[0]?.timeZone ?? null;
  return { zones: timeZoneChoices(businessZone ?? undefined), businessZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const created: { eventId?: string } = {};
  const { result, status } = await runConsoleForm("create", form, async () => {
    created.eventId = (await server.invoke("events.create", eventDetailsFrom(form))).eventId;
    return "Created.";
  });
  if (created.eventId) throw redirect(`/business/events/${created.eventId}?created`);
  return data(result, { status });
}

const blank: EventDetailsValues = {
  title: "",
  description: "",
  venueName: "",
  venueAddress: "",
  timeZone: fallbackTimeZone,
  startsLocal: "",
  endsLocal: "",
  category: "music",
  reminders: true,
};

export default function Page() {
  const { zones, businessZone } = useLoaderData<typeof loader>();
  const result = useActionData<IntentResult>();
  const failure = result && !result.ok ? result.failure : undefined;
  const submitting = useSubmitting();
  return (
    <Screen title={title} intro={intro}>
      <Anchor component={Link} to="/business/events">
        ← Your events
      </Anchor>
      <Form method="post" aria-label="New event">
        <Stack gap="md" maw="48rem">
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <EventDetailsFields
            values={{ ...blank, timeZone: businessZone ?? blank.timeZone, ...failure?.values }}
            errors={failure?.fieldErrors ?? {}}
            zones={zones}
            followBrowserZone={!failure && !businessZone}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Create draft event
            </Button>
          </Group>
        </Stack>
      </Form>
    </Screen>
  );
}
