import { Button, Stack, Text, TextInput } from "@mantine/core";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { EventHeader } from "#app/booking/EventHeader.tsx";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { PhoneNumberField } from "#app/components/PhoneNumberField.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure } from "#app/forms/form-failure.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/assign.$id";

const title = "Give this ticket to someone";
const intro =
  "Enter their name and their phone number or email address. If they have an account, the ticket goes straight into it; otherwise they get a link to claim it. Your QR code stops working at once.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const [ticket, phone] = await Promise.all([
    foundOr404(server.invoke("tickets.get", { ticketId: params.id })),
    phoneRegionsFor(server, request),
  ]);
  // One key per visit of the form: a double submit gives the ticket away once.
  return { ticket, ...phone, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  try {
    await server.invoke("tickets.assign", {
      ticketId: params.id,
      name: field(form, "name"),
      phone: field(form, "phone") || undefined,
      region: field(form, "region") || undefined,
      email: field(form, "email") || undefined,
      idempotencyKey: field(form, "idempotencyKey"),
    });
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    if (failure.status === "NOT_FOUND") throw data(null, { status: 404 });
    return data(failure, { status });
  }
  return redirect(`/message/assigned_ticket_success/${params.id}`);
}

export default function Page() {
  const { ticket, regions, defaultRegion, idempotencyKey } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  if (!ticket.qr) {
    return (
      <Screen title={title}>
        <FormMessage kind="notice">
          This ticket can no longer be given to someone: it has been used or cancelled.
        </FormMessage>
      </Screen>
    );
  }
  return (
    <Screen title={title} intro={intro}>
      <EventHeader event={ticket.event} />
      <Text>
        Ticket: <strong>{ticket.attendeeName}</strong>, {ticket.ticketTypeName}
      </Text>
      <Form method="post" noValidate>
        <Stack gap="md" maw="32rem">
          {failure && Object.keys(errors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          <input
            type="hidden"
            name="idempotencyKey"
            value={values.idempotencyKey ?? idempotencyKey}
          />
          <TextInput
            name="name"
            label="Their name"
            description="Printed on the ticket."
            required
            autoComplete="off"
            defaultValue={values.name}
            error={errors.name}
          />
          <PhoneNumberField
            regions={regions}
            defaultRegion={values.region ?? defaultRegion}
            defaultValue={values.phone}
            error={errors.phone}
            label="Their phone number"
            description="We send them the ticket by SMS (or leave this empty and give an email address)."
            required={false}
          />
          <TextInput
            name="email"
            type="email"
            label="Their email address"
            description="Optional when you gave a phone number."
            autoComplete="off"
            defaultValue={values.email}
            error={errors.email}
          />
          <Button type="submit" loading={submitting} w="fit-content">
            Give the ticket
          </Button>
        </Stack>
      </Form>
    </Screen>
  );
}
