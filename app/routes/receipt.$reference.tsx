import { Anchor, Button, Stack, Text } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import { ReceiptDetails } from "#app/invoices/ReceiptDetails.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import { bookingPath, receiptPdfPath } from "#contract/paths.ts";
import type { Route } from "./+types/receipt.$reference";

const title = "Receipt";

export const meta = () => screenMeta(title, "The receipt of a booking paid by card.");

/**
 * `/receipt/{reference}`: for the booking's buyer or the organiser. Someone else, or a
 * reference that does not exist: the 404 page. A booking not paid by card (venue, free)
 * has no receipt: the page says why, with the 404 status.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  try {
    return { receipt: await server.invoke("invoices.receipt", { reference: params.reference }) };
  } catch (error) {
    if (!isFunctionError(error)) throw error;
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    if (error.status === "NOT_FOUND" && reason === "not-paid-by-card") {
      return data({ receipt: null, message: error.message }, { status: 404 });
    }
    if (error.status === "NOT_FOUND" || error.status === "INVALID_ARGUMENT") {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.receipt) {
    return (
      <Screen title="No receipt">
        <Text>{"message" in loaded ? loaded.message : null}</Text>
        <Anchor component={Link} to="/order">
          Your bookings
        </Anchor>
      </Screen>
    );
  }
  const { receipt } = loaded;
  return (
    <Screen title={title}>
      <ReceiptDetails receipt={receipt} />
      <Stack gap="xs" align="flex-start">
        <Button component="a" href={receiptPdfPath(receipt.reference)} download variant="default">
          Download PDF
        </Button>
        <Anchor component={Link} to={bookingPath(receipt.reference)}>
          Back to the booking
        </Anchor>
      </Stack>
    </Screen>
  );
}
