import type { Page } from "playwright-core";
import { orderPath, ordersPath } from "#contract/paths.ts";

/** One screen to photograph, as scripts/screenshots.ts takes it. */
export type OrderShot = {
  name: string;
  path: string;
  as: "owner";
  act?: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
  viewportOnly?: true;
};

/**
 * The organiser's orders screens for `npm run screenshots` (scripts/screenshots.ts): the
 * list, a search that finds nothing, one order (the demo user's booking) and its
 * refund dialog with "Chosen tickets" open.
 */
export function orderShots({
  event,
  booking,
}: {
  event: { id: string };
  booking: { id: string };
}): OrderShot[] {
  const order = orderPath(event.id, booking.id);
  return [
    { name: "business_orders", path: ordersPath(event.id), as: "owner" },
    { name: "business_orders_empty", path: `${ordersPath(event.id)}?q=nobody`, as: "owner" },
    { name: "business_order", path: order, as: "owner" },
    {
      name: "business_order_refund",
      path: order,
      as: "owner",
      viewportOnly: true,
      act: async (page) => {
        await page.getByRole("button", { name: /Refund \/ cancel|Cancel tickets/ }).click();
        await page.getByRole("dialog").waitFor();
        await page.getByLabel("Chosen tickets").check();
      },
    },
  ];
}
