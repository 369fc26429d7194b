import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import {
  type ApiFunctionReference,
  type ApiScope,
  apiScopeHints,
  apiScopeLabels,
  apiScopes,
} from "#contract/api-keys.ts";
import type { WebhookTypeReference } from "#contract/webhooks.ts";
import { CallingGuide } from "./CallingGuide.tsx";
import { FunctionReference, functionAnchor } from "./FunctionReference.tsx";
import { WebhooksGuide } from "./WebhooksGuide.tsx";

/** `#scope-events-read`: each scope's anchor. */
export const scopeAnchor = (scope: ApiScope) => `scope-${scope.replace(":", "-")}`;

/** The functions of each scope, in the scopes' order, each scope's in the order given. */
export function functionsByScope(
  functions: ApiFunctionReference[],
): { scope: ApiScope; functions: ApiFunctionReference[] }[] {
  return apiScopes
    .map((scope) => ({ scope, functions: functions.filter((fn) => fn.scope === scope) }))
    .filter((group) => group.functions.length > 0);
}

/**
 * The API's reference (from `api.reference`): how to call, then for each scope its
 * functions with their inputs and answers, then webhooks. A contents list links every
 * scope and function, and the webhooks.
 */
export function ApiReference({
  functions,
  webhooks,
}: {
  functions: ApiFunctionReference[];
  webhooks: WebhookTypeReference[];
}) {
  const groups = functionsByScope(functions);
  return (
    <Stack gap="xl">
      <CallingGuide />
      <Stack gap="xs" component="nav" aria-labelledby="contents">
        <Title order={2} id="contents">
          Functions by scope
        </Title>
        {groups.length === 0 ? (
          <Text data-testid="api-reference-empty">No functions are open to API keys yet.</Text>
        ) : (
          <List spacing={4}>
            {groups.map((group) => (
              <List.Item key={group.scope}>
                <Anchor href={`#${scopeAnchor(group.scope)}`}>{apiScopeLabels[group.scope]}</Anchor>{" "}
                <Text span size="sm" c="dimmed" ff="monospace">
                  ({group.scope})
                </Text>
                <List withPadding spacing={2} size="sm">
                  {group.functions.map((fn) => (
                    <List.Item key={fn.name}>
                      <Anchor href={`#${functionAnchor(fn.name)}`} ff="monospace" size="sm">
                        {fn.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </List.Item>
            ))}
          </List>
        )}
        <Anchor href="#webhooks">Webhooks</Anchor>
      </Stack>
      {groups.map((group) => (
        <Stack
          key={group.scope}
          gap="md"
          component="section"
          id={scopeAnchor(group.scope)}
          aria-labelledby={`${scopeAnchor(group.scope)}-title`}
        >
          <Stack gap={4}>
            <Title order={2} id={`${scopeAnchor(group.scope)}-title`}>
              {apiScopeLabels[group.scope]}{" "}
              <Text span ff="monospace" c="dimmed" fz="md">
                {group.scope}
              </Text>
            </Title>
            <Text>{apiScopeHints[group.scope]}</Text>
          </Stack>
          {group.functions.map((fn) => (
            <FunctionReference key={fn.name} fn={fn} />
          ))}
        </Stack>
      ))}
      <WebhooksGuide webhooks={webhooks} />
    </Stack>
  );
}
