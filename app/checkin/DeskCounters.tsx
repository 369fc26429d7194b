import { Group, Paper, Progress, Stack, Text } from "@mantine/core";

type Stats = {
  in: number;
  total: number;
  byType: { ticketTypeId: string; name: string; in: number; total: number }[];
};

/** Guests in out of expected, overall and by ticket type; announced to screen readers. */
export function DeskCounters({ stats }: { stats: Stats }) {
  const share = stats.total === 0 ? 0 : Math.round((stats.in / stats.total) * 100);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text aria-live="polite" data-testid="door-count">
          <Text span fz={40} fw={800} lh={1}>
            {stats.in}
          </Text>{" "}
          <Text span size="lg">
            in of {stats.total} ({share}%)
          </Text>
        </Text>
        <Progress value={share} size="lg" aria-label={`${stats.in} of ${stats.total} checked in`} />
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
