import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { useSaveForm } from "#app/forms/use-save-form.ts";
import { apiScopeHints, apiScopeLabels, apiScopes, MAX_API_KEY_NAME } from "#contract/api-keys.ts";
import { type ApiKeysPageResult, createApiKeyIntent } from "./api-key-intents.ts";
import { CreatedKeyPanel } from "./CreatedKeyPanel.tsx";

/**
 * Makes a key (`apiKeys.create`): a name and its scopes. The refusals land on their
 * fields; the made key is shown whole, once, above the emptied form.
 */
export function NewApiKeyForm({ full }: { full: boolean }) {
  const { fetcher, failure, settled, round } = useSaveForm(createApiKeyIntent, true);
  const answer = settled as ApiKeysPageResult | undefined;
  const created = answer?.ok && "created" in answer ? answer.created : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <Stack gap="sm">
      {created ? <CreatedKeyPanel key={created.key.id} created={created} /> : null}
      <fetcher.Form method="post" aria-label="Make a key">
        <Stack gap="sm" key={round}>
          <input type="hidden" name="intent" value={createApiKeyIntent} />
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <FormMessage kind="error">{failure.message}</FormMessage>
          ) : null}
          {full ? (
            <Text size="sm">
              You have as many active keys as a business may have: revoke one you no longer use to
              make another.
            </Text>
          ) : null}
          <TextInput
            id="new-api-key-name"
            name="name"
            label="Name"
            description="What the key is for, to tell it apart: “Website”, “Door app”."
            required
            maxLength={MAX_API_KEY_NAME}
            autoComplete="off"
            defaultValue={failure?.values.name ?? ""}
            error={errors.name}
            maw="24rem"
          />
          <Checkbox.Group
            label="Scopes"
            description="What the key may do. Tick only what the system needs."
            error={errors.scopes}
            withAsterisk
          >
            <Stack gap="xs" pt={4}>
              {apiScopes.map((scope) => (
                <Checkbox
                  key={scope}
                  id={`new-api-key-scope-${scope.replace(":", "-")}`}
                  name="scopes"
                  value={scope}
                  label={apiScopeLabels[scope]}
                  description={apiScopeHints[scope]}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Make key
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Stack>
  );
}
