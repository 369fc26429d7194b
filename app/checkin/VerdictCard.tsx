import { Paper, Stack, Text } from "@mantine/core";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { VerdictMarks } from "./VerdictMarks.tsx";

/** Fixed colours, the same in light and dark: each text colour passes AA on its ground. */
const looks = {
  admitted: { background: "#1b5e20", color: "#ffffff", heading: "Admitted" },
  valid: { background: "#1b5e20", color: "#ffffff", heading: "Valid ticket" },
  "already-checked-in": { background: "#ffb300", color: "#1a1a1a", heading: "Already checked in" },
  "wrong-event": { background: "#b71c1c", color: "#ffffff", heading: "Wrong event" },
  cancelled: { background: "#b71c1c", color: "#ffffff", heading: "Cancelled ticket" },
  invalid: { background: "#b71c1c", color: "#ffffff", heading: "Not valid" },
} as const;

/**
 * One scan's verdict, big and coloured: green in, amber already in, red refused; marked in
 * words when it was decided offline or is a repeat of a code's first verdict.
 */
export function VerdictCard({
  verdict,
  offline = false,
  repeat = false,
}: {
  verdict: DoorVerdict;
  /** Decided on this device, without the server. */
  offline?: boolean;
  /** The first verdict of a code read again within 30 s, shown again (nothing was sent). */
  repeat?: boolean;
}) {
  const look = looks[verdict.verdict];
  // "Admitted" over "Admitted.": a message that only repeats the heading is left out.
  const restatesHeading = verdict.message.replace(/\.$/, "") === look.heading;
  return (
    <Paper
      radius="md"
      p="lg"
      role="status"
      data-verdict={verdict.verdict}
      data-offline={offline || undefined}
      data-repeat={repeat || undefined}
      style={{ backgroundColor: look.background, color: look.color }}
    >
      <Stack gap="xs">
        <VerdictMarks offline={offline} repeat={repeat} />
        <h2 style={{ color: look.color, margin: 0, fontSize: "2rem", lineHeight: 1.2 }}>
          {look.heading}
        </h2>
        {restatesHeading ? null : (
          <Text size="lg" fw={600} style={{ color: look.color }}>
            {verdict.message}
          </Text>
        )}
        {verdict.ticket ? (
          <Text size="lg" style={{ color: look.color }}>
            {verdict.ticket.attendeeName} · {verdict.ticket.ticketTypeName}
          </Text>
        ) : null}
        {verdict.event ? <Text style={{ color: look.color }}>{verdict.event.title}</Text> : null}
      </Stack>
    </Paper>
  );
}
