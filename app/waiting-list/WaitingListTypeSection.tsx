import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useFetcher } from "react-router";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { WaitingListEntryView, WaitingListTypeView } from "#contract/waiting-list.ts";
import classes from "./waiting-list.module.css";
import { offerIntent } from "./waiting-list-intents.ts";
import { offerBlocker, statusColors, statusLabels, typeSummary } from "./waiting-list-text.ts";

const when = (at: string, timeZone: string) => formatEventTime(at, timeZone, { weekday: false });

/** "Offer now" for one waiting entry: disabled, with the reason beside it, when it cannot. */
function OfferButton({
  entry,
  blockerId,
  blocked,
}: {
  entry: WaitingListEntryView;
  blockerId: string;
  blocked: boolean;
}) {
  const fetcher = useFetcher<IntentResult>();
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data.failure : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={offerIntent} />
      <input type="hidden" name="entryId" value={entry.id} />
      <Stack gap={4} align="flex-start">
        <Button
          type="submit"
          size="compact-sm"
          variant="light"
          disabled={blocked}
          loading={fetcher.state !== "idle"}
          aria-describedby={blocked ? blockerId : undefined}
          aria-label={`Offer now to ${entry.name}`}
        >
          Offer now
        </Button>
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {failure.message}
          </Text>
        ) : null}
      </Stack>
    </fetcher.Form>
  );
}

function EntryRow({
  entry,
  timeZone,
  blockerId,
  blocked,
}: {
  entry: WaitingListEntryView;
  timeZone: string;
  blockerId: string;
  blocked: boolean;
}) {
  return (
    <Table.Tr data-testid="waiting-list-row">
      <Table.Td>{entry.position ?? "–"}</Table.Td>
      <Table.Td className={classes.nowrap}>{entry.name}</Table.Td>
      <Table.Td>{entry.quantity}</Table.Td>
      <Table.Td className={classes.status}>
        <Badge color={statusColors[entry.status]} variant="light">
          {statusLabels[entry.status]}
        </Badge>
      </Table.Td>
      <Table.Td className={classes.nowrap}>{when(entry.joinedAt, timeZone)}</Table.Td>
      <Table.Td className={classes.nowrap}>
        {entry.offer ? when(entry.offer.expiresAt, timeZone) : "–"}
      </Table.Td>
      <Table.Td>
        {entry.status === "waiting" ? (
          <OfferButton entry={entry} blockerId={blockerId} blocked={blocked} />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * One ticket type's list as the organiser sees it: how many wait, are offered and how many
 * tickets are free, then the entries in the line's order (a table that scrolls sideways on
 * a phone), each waiting one with "Offer now".
 */
export function WaitingListTypeSection({
  type,
  timeZone,
}: {
  type: WaitingListTypeView;
  timeZone: string;
}) {
  const headingId = `list-${type.ticketTypeId}`;
  const blockerId = `${headingId}-blocked`;
  const blocker = offerBlocker(type);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {type.name}
        </Title>
        {type.enabled ? null : (
          <Badge color="gray" variant="light">
            List closed
          </Badge>
        )}
      </Group>
      <Text size="sm">{typeSummary(type)}</Text>
      {blocker && type.waiting > 0 ? (
        <Text size="sm" c="dimmed" id={blockerId}>
          {blocker}
        </Text>
      ) : null}
      {type.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is on this type's waiting list.
        </Text>
      ) : (
        // Sideways on a phone; focusable, so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        <section className={classes.scroller} aria-label={`${type.name}: entries`} tabIndex={0}>
          <Table aria-labelledby={headingId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Tickets</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th>Offer until</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Offer</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {type.entries.map((entry) => (
                <EntryRow
                  key={entry.id}
                  entry={entry}
                  timeZone={timeZone}
                  blockerId={blockerId}
                  blocked={blocker !== null}
                />
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </Stack>
  );
}
