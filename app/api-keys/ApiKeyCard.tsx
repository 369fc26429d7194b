import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { ConfirmAction } from "#app/console/ConfirmAction.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { type ApiKeyView, apiScopeLabels } from "#contract/api-keys.ts";
import { revokeApiKeyIntent } from "./api-key-intents.ts";
import { dayText, keyStartText, lastUsedText } from "./api-key-text.ts";

type Props = { apiKey: ApiKeyView; now: string };

/** One key: its name, scopes, start, when made and last used; revoked, or a way to revoke it. */
export function ApiKeyCard({ apiKey, now }: Props) {
  const revoker = useFetcher<IntentResult>();
  const refusal = revoker.data && !revoker.data.ok ? revoker.data.failure : undefined;
  const revoked = apiKey.revokedAt !== null;
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="api-key">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
            {apiKey.name}
          </Text>
          {revoked ? (
            <Badge color="red" variant="light" data-testid="api-key-revoked">
              Revoked {dayText(apiKey.revokedAt as string)}
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} aria-label="Scopes" role="list">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="outline" color="blue" radius="sm" role="listitem">
              {apiScopeLabels[scope]}
            </Badge>
          ))}
        </Group>
        <Text size="sm" ff="monospace" aria-label={`Key starting ${apiKey.start}`}>
          {keyStartText(apiKey.start)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="api-key-dates">
          Created {dayText(apiKey.createdAt)} · {lastUsedText(apiKey.lastUsedAt, now)}
        </Text>
        {refusal ? <FormMessage kind="error">{refusal.message}</FormMessage> : null}
        {revoked ? null : (
          <Group>
            <ConfirmAction
              intent={revokeApiKeyIntent}
              fetcher={revoker}
              buttonLabel={`Revoke ${apiKey.name}`}
              color="red"
              variant="subtle"
              title={`Revoke ${apiKey.name}?`}
              explanation="Every call made with this key is refused from now on. This cannot be undone: make a new key if you need one again."
              confirmLabel="Revoke key"
            >
              <input type="hidden" name="keyId" value={apiKey.id} />
            </ConfirmAction>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
