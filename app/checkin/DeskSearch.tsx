import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { Form, useFetcher } from "react-router";
import type { DoorVerdict } from "#contract/door-verdict.ts";

type Found = {
  id: string;
  status: string;
  attendeeName: string;
  ticketTypeName: string;
  bookingReference: string;
  checkedIn: { time: string; staffName: string } | null;
};

function AdmitButton({ ticket, scanId }: { ticket: Found; scanId: string }) {
  const fetcher = useFetcher<{ verdict?: DoorVerdict; error?: string }>();
  const answer = fetcher.data;
  if (answer?.verdict) {
    return (
      <Text fw={600} role="status">
        {answer.verdict.verdict === "admitted" ? "Admitted." : answer.verdict.message}
      </Text>
    );
  }
  if (ticket.status === "cancelled") return <Text c="red">Cancelled</Text>;
  if (ticket.checkedIn) {
    return (
      <Text size="sm">
        In at {ticket.checkedIn.time} by {ticket.checkedIn.staffName}
      </Text>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="admit" />
      <input type="hidden" name="ticketId" value={ticket.id} />
      <input type="hidden" name="scanId" value={`${scanId}-${ticket.id}`} />
      <Button type="submit" color="green" loading={fetcher.state !== "idle"}>
        Check in {ticket.attendeeName}
      </Button>
      {answer?.error ? <Text c="red">{answer.error}</Text> : null}
    </fetcher.Form>
  );
}

/** Search this event's tickets by name, phone or booking reference, and admit by hand. */
export function DeskSearch(props: { query: string; found: Found[] | null; scanId: string }) {
  return (
    <Stack gap="sm">
      <Form method="get" role="search">
        <Group gap="xs" align="flex-end">
          <TextInput
            name="q"
            label="Name, phone number or booking reference"
            defaultValue={props.query}
            minLength={2}
            maxLength={80}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </Form>
      {props.found === null ? null : props.found.length === 0 ? (
        <Text>No ticket matches “{props.query}”.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {props.found.map((ticket) => (
            <Stack key={ticket.id} component="li" gap={4}>
              <Text fw={600}>
                {ticket.attendeeName} · {ticket.ticketTypeName}
              </Text>
              <Text size="sm" c="dimmed">
                Booking {ticket.bookingReference}
              </Text>
              <AdmitButton ticket={ticket} scanId={props.scanId} />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
