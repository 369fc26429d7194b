import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { webhookPath } from "#contract/paths.ts";
import type { WebhookDeliveryPage } from "#contract/webhooks.ts";
import { WebhookDeliveryItem } from "./WebhookDeliveryItem.tsx";
import { sendWebhookTestIntent } from "./webhook-intents.ts";

type Loaded = { deliveries: WebhookDeliveryPage; cursor: string | null };

/**
 * "Load more" is a link to the next page (it works without JavaScript); with it, the next
 * page is fetched and added under the ones shown. A new answer of the page's loader (a
 * test sent, a delivery sent again) starts the list afresh.
 */
function useMoreDeliveries(endpointId: string, loaded: Loaded) {
  const fetcher = useFetcher<Loaded>();
  const [pages, setPages] = useState<WebhookDeliveryPage[]>([loaded.deliveries]);
  useEffect(() => setPages([loaded.deliveries]), [loaded.deliveries]);
  useEffect(() => {
    const next = fetcher.data?.deliveries;
    if (next) setPages((shown) => (shown.includes(next) ? shown : [...shown, next]));
  }, [fetcher.data]);
  const last = pages[pages.length - 1] ?? loaded.deliveries;
  return {
    items: pages.flatMap((page) => page.items),
    nextCursor: last.nextCursor,
    loading: fetcher.state !== "idle",
    load: (cursor: string) =>
      fetcher.load(`${webhookPath(endpointId)}?cursor=${encodeURIComponent(cursor)}`),
  };
}

/** "Send a test" (refused, with why, for an endpoint switched off). */
function SendTest({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Stack gap="xs">
      {result ? (
        <FormMessage kind={result.ok ? "notice" : "error"}>
          {result.ok ? result.notice : result.failure.message}
        </FormMessage>
      ) : null}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={sendWebhookTestIntent} />
        <Group gap="sm">
          <Button type="submit" variant="light" loading={fetcher.state !== "idle"}>
            Send a test
          </Button>
          {enabled ? null : (
            <Text size="sm" c="dimmed">
              Switch the endpoint on to send a test.
            </Text>
          )}
        </Group>
      </fetcher.Form>
    </Stack>
  );
}

/** The endpoint's deliveries, newest first, with "Send a test" above and "Load more" below. */
export function WebhookDeliveryLog({
  endpointId,
  enabled,
  loaded,
}: {
  endpointId: string;
  enabled: boolean;
  loaded: Loaded;
}) {
  const { items, nextCursor, loading, load } = useMoreDeliveries(endpointId, loaded);
  return (
    <Stack gap="sm">
      <SendTest enabled={enabled} />
      {loaded.cursor ? (
        <Anchor component={Link} to={webhookPath(endpointId)}>
          Back to the newest deliveries
        </Anchor>
      ) : null}
      {items.length === 0 ? (
        <Text data-testid="webhook-deliveries-empty">
          Nothing sent yet. Send a test, or wait for something to happen at one of your events.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {items.map((delivery) => (
            <WebhookDeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </Stack>
      )}
      {nextCursor ? (
        <Group>
          <Button
            component={Link}
            to={`${webhookPath(endpointId)}?cursor=${encodeURIComponent(nextCursor)}`}
            variant="default"
            loading={loading}
            onClick={(event) => {
              event.preventDefault();
              load(nextCursor);
            }}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
