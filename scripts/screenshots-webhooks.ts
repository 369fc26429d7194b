import { webhookPath, webhooksPath } from "#contract/paths.ts";
import { callFunction } from "#tests/e2e/session.ts";
import type { Shot } from "./screenshots-pages.ts";
import { openAsNewOwner } from "./screenshots-pages.ts";

/**
 * The demo business's webhooks: a CRM endpoint with a delivery of each status (the test
 * function stands in for the worker), an accounts endpoint we switched off after 3 days of
 * failures, and one just added.
 */
export async function prepareWebhooks(baseURL: string, ownerId: string) {
  const add = (url: string, description: string, events: string[]) =>
    callFunction<{ id: string }>(baseURL, "webhooks.create", { url, description, events }, ownerId);
  const crm = await add("https://crm.example.com/webhooks/tickets", "CRM", [
    "order.created",
    "order.paid",
    "order.refunded",
  ]);
  await callFunction(baseURL, "test.webhookHistory", { endpointId: crm.id });
  const accounts = await add("https://accounts.example.org/hooks/ticketing", "Accounts", [
    "order.paid",
    "order.refunded",
  ]);
  await callFunction(baseURL, "test.webhookHistory", {
    endpointId: accounts.id,
    switchedOff: true,
  });
  await add("https://door.example.net/checked-in", "", ["ticket.checked_in"]);
  return { crmId: crm.id };
}

/** The webhooks' screens: the list, a new business's empty list, one endpoint with its log. */
export function webhookShots({ crmId }: Awaited<ReturnType<typeof prepareWebhooks>>): Shot[] {
  return [
    {
      name: "business_webhooks_empty",
      path: webhooksPath,
      as: "visitor",
      act: async (page) => {
        await openAsNewOwner(page, webhooksPath);
        await page.getByTestId("webhooks-empty").waitFor();
      },
      after: async (page) => {
        await page.context().clearCookies();
      },
    },
    {
      name: "business_webhooks",
      path: webhooksPath,
      as: "owner",
      act: async (page) => {
        await page.getByTestId("webhook-endpoint").first().waitFor();
      },
    },
    {
      name: "business_webhook",
      path: webhookPath(crmId),
      as: "owner",
      act: async (page) => {
        await page.getByTestId("webhook-delivery").first().waitFor();
        // The first delivery's body unfolded, to see it as sent.
        await page.getByTestId("webhook-delivery").first().locator("summary").click();
      },
    },
  ];
}
