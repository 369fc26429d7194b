import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { CheckedVerdict, OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { randomId } from "#app/scanner/door-device.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { type Found, offlineFound } from "./offline-found.ts";
import { VerdictMarks } from "./VerdictMarks.tsx";

function TicketState({ ticket }: { ticket: Found }) {
  if (ticket.status === "cancelled") return <Text c="red">Cancelled</Text>;
  if (ticket.checkedIn) {
    return (
      <Text size="sm">
        In at {ticket.checkedIn.time} by {ticket.checkedIn.staffName}
      </Text>
    );
  }
  return null;
}

function Admitted({ verdict, offline }: { verdict: DoorVerdict; offline: boolean }) {
  return (
    <Group gap="xs">
      <Text fw={600} role="status">
        {verdict.verdict === "admitted" ? "Admitted." : verdict.message}
      </Text>
      <VerdictMarks offline={offline} />
    </Group>
  );
}

/** The desk's button online: the page's action (`checkin.admit` on the server). */
function AdmitButton({ ticket, scanId }: { ticket: Found; scanId: string }) {
  const fetcher = useFetcher<{ verdict?: DoorVerdict; error?: string }>();
  const answer = fetcher.data;
  if (answer?.verdict) return <Admitted verdict={answer.verdict} offline={false} />;
  if (ticket.status === "cancelled" || ticket.checkedIn) return <TicketState ticket={ticket} />;
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

/** The desk's button offline: admitted on this device and queued for upload (`door.admit`). */
function OfflineAdmitButton({ ticket, door }: { ticket: Found; door: OfflineDoor }) {
  const [checked, setChecked] = useState<CheckedVerdict | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (checked) return <Admitted verdict={checked.verdict} offline={checked.offline} />;
  if (ticket.status === "cancelled" || ticket.checkedIn) return <TicketState ticket={ticket} />;
  return (
    <Stack gap={4}>
      <Button
        color="green"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            setChecked(await door.admit(ticket.id, randomId()));
          } catch {
            setError("The ticket could not be checked in on this device.");
          } finally {
            setBusy(false);
          }
        }}
      >
        Check in {ticket.attendeeName}
      </Button>
      {error ? <Text c="red">{error}</Text> : null}
    </Stack>
  );
}

/**
 * Search this event's tickets by name, phone or booking reference, and admit by hand.
 * Offline (the door says so) the search and the button use this device's copy instead of
 * the page's loader and action: by name or code, where the event is small enough to have
 * names on the device.
 */
export function DeskSearch(props: {
  query: string;
  found: Found[] | null;
  scanId: string;
  door: OfflineDoor;
}) {
  const { door } = props;
  const offline = door.connection === "offline";
  const [offlineQuery, setOfflineQuery] = useState<string | null>(null);
  const [offlineResults, setOfflineResults] = useState<Found[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  async function searchOnDevice(event: FormEvent<HTMLFormElement>) {
    if (!offline) return;
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (query.length < 2) return;
    setOfflineQuery(query);
    setSearchError(null);
    try {
      setOfflineResults((await door.search(query)).map(offlineFound));
    } catch {
      setOfflineResults(null);
      setSearchError("This device could not search its copy of the event.");
    }
  }

  const showOffline = offline && offlineResults !== null;
  const query = showOffline ? (offlineQuery ?? "") : props.query;
  const found = showOffline ? offlineResults : props.found;
  return (
    <Stack gap="sm">
      <Form method="get" role="search" onSubmit={searchOnDevice}>
        <Group gap="xs" align="flex-end">
          <TextInput
            name="q"
            label="Name, phone number or booking reference"
            description={
              offline
                ? door.searchable
                  ? "Offline: by name or ticket code, on this device"
                  : "Offline: search needs the network for an event this large"
                : undefined
            }
            defaultValue={props.query}
            minLength={2}
            maxLength={80}
            disabled={offline && !door.searchable}
            error={offline ? searchError : null}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" disabled={offline && !door.searchable}>
            Search
          </Button>
        </Group>
      </Form>
      {found === null ? null : found.length === 0 ? (
        <Text>No ticket matches “{query}”.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {found.map((ticket) => (
            <Stack key={ticket.id} component="li" gap={4}>
              <Text fw={600}>
                {ticket.attendeeName}
                {ticket.ticketTypeName ? ` · ${ticket.ticketTypeName}` : ""}
              </Text>
              <Text size="sm" c="dimmed">
                {ticket.bookingReference
                  ? `Booking ${ticket.bookingReference}`
                  : ticket.code
                    ? `Code ${ticket.code}`
                    : ""}
              </Text>
              {offline ? (
                <OfflineAdmitButton ticket={ticket} door={door} />
              ) : (
                <AdmitButton ticket={ticket} scanId={props.scanId} />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
