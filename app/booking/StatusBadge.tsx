import { Badge } from "@mantine/core";

/**
 * A status as a light badge (dark text on a pale tint: readable in both themes). It never
 * shrinks: beside a long title on a phone, the title wraps and the status stays whole.
 */
export function StatusBadge({ status }: { status: { label: string; color: string } }) {
  return (
    <Badge color={status.color} variant="light" size="md" style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}
