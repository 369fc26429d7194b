import { Badge, Group, Paper, Progress, Stack, Text } from "@mantine/core";

type Stats = {
  in: number;
  total: number;
  byType: { ticketTypeId: string; name: string; in: number; total: number }[];
};

/**
 * Guests in out of expected, overall and by ticket type; announced to screen readers.
 * Offline (`queued` given) the total counts the admissions this device has not uploaded
 * yet on top of the server's last figures, and says so: other devices' are not known.
 */
export function DeskCounters({ stats, queued }: { stats: Stats; queued?: number }) {
  const offline = queued !== undefined;
  const inNow = stats.in + (queued ?? 0);
  const share = stats.total === 0 ? 0 : Math.round((inNow / stats.total) * 100);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {offline ? (
          <Group gap="xs" data-testid="door-count-offline">
            <Badge color="dark" autoContrast radius="sm">
              Offline
            </Badge>
            <Text size="sm">
              The last figures from the server, plus {queued} checked in on this device
            </Text>
          </Group>
        ) : null}
        <Text aria-live="polite" data-testid="door-count">
          <Text span fz={40} fw={800} lh={1}>
            {inNow}
          </Text>{" "}
          <Text span size="lg">
            in of {stats.total} ({share}%)
          </Text>
        </Text>
        <Progress value={share} size="lg" aria-label={`${inNow} of ${stats.total} checked in`} />
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {stats.byType
            .filter((type) => type.total > 0)
            .map((type) => (
              <Group key={type.ticketTypeId} component="li" justify="space-between">
                <Text>{type.name}</Text>
                <Text fw={600}>
                  {type.in} / {type.total}
                </Text>
              </Group>
            ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
