import { Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "react-router";

type Recent = {
  id: string;
  attendeeName: string;
  ticketTypeName: string;
  time: string;
  staffName: string;
  deviceId: string;
  method: "scan" | "manual";
  undone: { byName: string; reason: string } | null;
};

function UndoForm({ checkIn }: { checkIn: Recent }) {
  const fetcher = useFetcher<{ error?: string }>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="checkInId" value={checkIn.id} />
      <Group gap="xs" align="flex-end">
        <TextInput
          name="reason"
          label={`Why undo ${checkIn.attendeeName}?`}
          size="sm"
          maxLength={200}
          required
          error={fetcher.data?.error}
        />
        <Button type="submit" size="sm" variant="default" loading={fetcher.state !== "idle"}>
          Undo
        </Button>
      </Group>
    </fetcher.Form>
  );
}

/** The latest admissions at this door; coordinators may undo one (with a reason). */
export function RecentScans({ checkIns, canUndo }: { checkIns: Recent[]; canUndo: boolean }) {
  if (checkIns.length === 0) return <Text c="dimmed">No one checked in yet.</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {checkIns.map((c) => (
        <Stack key={c.id} component="li" gap={4}>
          <Group gap="xs">
            <Text fw={600} td={c.undone ? "line-through" : undefined}>
              {c.time} {c.attendeeName}
            </Text>
            <Text size="sm" c="dimmed">
              {c.ticketTypeName}
            </Text>
            {c.undone ? <Badge color="gray">Undone</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {c.method === "manual" ? "By hand" : "Scanned"} by {c.staffName} · {c.deviceId}
            {c.undone ? ` · undone by ${c.undone.byName}: ${c.undone.reason}` : ""}
          </Text>
          {canUndo && !c.undone ? <UndoForm checkIn={c} /> : null}
        </Stack>
      ))}
    </Stack>
  );
}
