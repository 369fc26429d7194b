import { Badge } from "#app/ui/notices.tsx";
import type { Availability } from "#contract/event-card.ts";

/**
 * "Sold out" / "Few left" on cards and ticket types; nothing while plenty remain. Dark
 * shades: white badge text on them passes WCAG AA (Mantine's red.6/orange.6 do not).
 */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  if (availability === "sold-out") return <Badge color="#b02525">Sold out</Badge>;
  if (availability === "few-left") return <Badge color="#9c4400">Few left</Badge>;
  return null;
}
