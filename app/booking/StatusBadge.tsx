import { Badge } from "@mantine/core";

/** A status as a light badge (dark text on a pale tint: readable in both themes). */
export function StatusBadge({ status }: { status: { label: string; color: string } }) {
  return (
    <Badge color={status.color} variant="light" size="md">
      {status.label}
    </Badge>
  );
}
