import { Badge, Group } from "@mantine/core";

/**
 * What a verdict says of itself besides its colour, in words: decided on this device
 * without the server ("Offline"), or the first verdict of a code read again ("Repeat scan").
 * White on near-black, readable on the green, amber and red grounds alike.
 */
export function VerdictMarks({ offline, repeat }: { offline?: boolean; repeat?: boolean }) {
  if (!offline && !repeat) return null;
  return (
    <Group gap="xs" data-testid="verdict-marks">
      {offline ? (
        <Badge size="lg" radius="sm" color="dark" autoContrast data-mark="offline">
          Offline · checked on this device
        </Badge>
      ) : null}
      {repeat ? (
        <Badge size="lg" radius="sm" color="dark" autoContrast data-mark="repeat">
          Repeat scan · first verdict
        </Badge>
      ) : null}
    </Group>
  );
}
