import { Button, Code, Group, List, Stack, Text } from "@mantine/core";
import { useActionData, useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useClipboardCopy } from "#app/components/use-clipboard-copy.ts";
import { revealWebhookSecretIntent, type WebhookPageResult } from "./webhook-intents.ts";

/** The secret of a "Reveal" answer (by the fetcher, or by the page's action without JavaScript). */
function secretOf(result: WebhookPageResult | undefined): string | undefined {
  return result?.ok && "secret" in result ? result.secret : undefined;
}

/**
 * The endpoint's signing secret, read from the server only when "Reveal" is pressed (the
 * page is sent without it), with Copy; and how a receiver checks a body with it.
 */
export function WebhookSecretPanel() {
  const fetcher = useFetcher<WebhookPageResult>();
  const actionData = useActionData<WebhookPageResult>();
  const secret = secretOf(fetcher.data) ?? secretOf(actionData);
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.failure.message : undefined;
  const { status: copied, copy: copyText } = useClipboardCopy();
  const copy = () => (secret ? copyText(secret) : undefined);
  return (
    <Stack gap="sm">
      {refusal ? <FormMessage kind="error">{refusal}</FormMessage> : null}
      {secret ? (
        <Stack gap="xs">
          <Code
            block
            data-testid="webhook-secret"
            style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
          >
            {secret}
          </Code>
          <Group gap="sm">
            <Button size="sm" onClick={copy}>
              Copy secret
            </Button>
            <Text size="sm" role="status" aria-live="polite">
              {copied === "copied"
                ? "Secret copied"
                : copied === "failed"
                  ? "Select it and copy it from here."
                  : ""}
            </Text>
          </Group>
        </Stack>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={revealWebhookSecretIntent} />
          <Group gap="sm">
            <Text ff="monospace" aria-label="Hidden secret">
              whsec_••••••••••••
            </Text>
            <Button type="submit" size="sm" variant="default" loading={fetcher.state !== "idle"}>
              Reveal
            </Button>
          </Group>
        </fetcher.Form>
      )}
      <Stack gap={4} data-testid="webhook-verify-hint">
        <Text size="sm" fw={700}>
          How to verify
        </Text>
        <Text size="sm">Each request is signed the Standard Webhooks way, with these headers:</Text>
        <List size="sm" spacing={2}>
          <List.Item>
            <Code>webhook-id</Code>: the event's id, the same on every retry (skip one you have
            handled)
          </List.Item>
          <List.Item>
            <Code>webhook-timestamp</Code>: when it was sent (refuse one too old)
          </List.Item>
          <List.Item>
            <Code>webhook-signature</Code>: the signature of the id, timestamp and body
          </List.Item>
        </List>
        <Text size="sm">
          Check them with this secret and a Standard Webhooks library (such as{" "}
          <Code>standardwebhooks</Code>) before you trust the body. Keep the secret out of your
          code’s repository.
        </Text>
      </Stack>
    </Stack>
  );
}
