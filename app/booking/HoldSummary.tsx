import { Stack } from "@mantine/core";
import type { HoldView } from "../../server/modules/inventory/hold-view.ts";
import { LineItems } from "./LineItems";

/** What the hold keeps: one line per ticket type, and the total. */
export function HoldSummary({ hold }: { hold: HoldView }) {
  return (
    <Stack gap={4}>
      <LineItems items={hold.items} totalMinor={hold.totalMinor} currency={hold.currency} />
    </Stack>
  );
}
