import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatEventEnd, formatEventTime } from "#contract/event-time.ts";
import { CheckInChart } from "./CheckInChart.tsx";
import { EmptyFigures, FigureTable } from "./ReportTables.tsx";

type ReportEvent = {
  id: string;
  title: string;
  venueName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  status: string;
  sold: number;
  checkedIn: number;
  notYetIn: number;
  undone: number;
  /** Offline entries that could not stand: double entries, cancelled or given-away tickets. */
  conflicts: number;
  bucketMinutes: number;
  overTime: { start: string; label: string; count: number }[];
  byType: { name: string; sold: number; checkedIn: number; notYetIn: number }[];
  byStaff: { name: string; checkIns: number; scans: number; manual: number }[];
};

/** "15 minutes", "hour", "3 hours", "day": what one bar counts. */
function bucketName(minutes: number): string {
  if (minutes === 1440) return "day";
  if (minutes === 60) return "hour";
  return minutes > 60 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz={28} fw={800} lh={1.1} data-testid={testId}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** One event of the team's report: the figures, the chart, by ticket type, by staff member. */
export function EventReport({ event }: { event: ReportEvent }) {
  const heading = `event-${event.id}`;
  const share = event.sold === 0 ? 0 : Math.round((event.checkedIn / event.sold) * 100);
  const per = bucketName(event.bucketMinutes);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "lg" }}
      component="section"
      aria-labelledby={heading}
      data-testid="event-report"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3" id={heading}>
              {event.title}
            </Title>
            {event.status === "cancelled" ? (
              <Badge color="red" variant="light">
                Cancelled
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {formatEventTime(event.startsAt, event.timeZone)}–
            {formatEventEnd(event.startsAt, event.endsAt, event.timeZone)} · {event.venueName}
          </Text>
        </Stack>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label="Sold" value={event.sold} testId="report-sold" />
          <Figure label="Checked in" value={event.checkedIn} testId="report-in" />
          <Figure label="Not yet in" value={event.notYetIn} testId="report-not-yet-in" />
        </SimpleGrid>
        <Progress
          value={share}
          size="lg"
          color="green"
          aria-label={`${event.checkedIn} of ${event.sold} tickets sold checked in (${share}%)`}
        />
        {event.conflicts > 0 ? (
          <Text size="sm" c="orange.9" fw={600} data-testid="report-conflicts">
            {`${event.conflicts} offline entr${event.conflicts === 1 ? "y" : "ies"} that could not stand (double entry, cancelled or given-away ticket): see the alerts.`}
          </Text>
        ) : null}
        {event.undone > 0 ? (
          <Text size="sm" c="dimmed">
            {`${event.undone} undone check-in${event.undone === 1 ? "" : "s"} not counted (listed in the CSV).`}
          </Text>
        ) : null}

        <Stack gap="xs">
          <Title order={3} size="h4">
            Check-ins over time
          </Title>
          {event.overTime.length === 0 ? (
            <EmptyFigures>Nobody has checked in yet.</EmptyFigures>
          ) : (
            <>
              <CheckInChart buckets={event.overTime} minutes={event.bucketMinutes} />
              <details>
                <summary>
                  <Text span size="sm">
                    Check-ins per {per} as a table
                  </Text>
                </summary>
                <FigureTable
                  caption={`Check-ins per ${per}, ${event.timeZone} time`}
                  columns={[
                    { header: "From", cell: (b) => b.label },
                    { header: "Check-ins", cell: (b) => b.count, numeric: true },
                  ]}
                  rows={event.overTime}
                  rowKey={(b) => b.start}
                />
              </details>
            </>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            By ticket type
          </Title>
          {event.byType.length === 0 ? (
            <EmptyFigures>This event has no ticket types.</EmptyFigures>
          ) : (
            <FigureTable
              caption="Tickets sold, checked in and not yet in by type"
              columns={[
                { header: "Type", cell: (t) => t.name },
                { header: "Sold", cell: (t) => t.sold, numeric: true },
                { header: "In", cell: (t) => t.checkedIn, numeric: true },
                { header: "Not yet in", cell: (t) => t.notYetIn, numeric: true },
              ]}
              rows={event.byType}
              rowKey={(t) => t.name}
            />
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            By staff member
          </Title>
          {event.byStaff.length === 0 ? (
            <EmptyFigures>No check-ins by anyone yet.</EmptyFigures>
          ) : (
            <FigureTable
              caption="Check-ins by staff member: scanned, and by hand at the desk"
              columns={[
                { header: "Staff", cell: (s) => s.name },
                { header: "Total", cell: (s) => s.checkIns, numeric: true },
                { header: "Scans", cell: (s) => s.scans, numeric: true },
                { header: "By hand", cell: (s) => s.manual, numeric: true },
              ]}
              rows={event.byStaff}
              rowKey={(s, index) => `${index}-${s.name}`}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
