import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ApiFunctionReference } from "#contract/api-keys.ts";
import { SchemaTree } from "./SchemaTree.tsx";
import { schemaTree } from "./schema-tree.ts";

/** `#events.listMine`: each function's anchor is its name. */
export const functionAnchor = (name: string) => name;

/** One function: its name (an anchor), read or write, what it does, its input and answer. */
export function FunctionReference({ fn }: { fn: ApiFunctionReference }) {
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      id={functionAnchor(fn.name)}
      aria-labelledby={`${fn.name}-title`}
      data-testid="api-function"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" align="center">
          <Title order={3} size="h4" ff="monospace" id={`${fn.name}-title`}>
            <a href={`#${functionAnchor(fn.name)}`} style={{ color: "inherit" }}>
              {fn.name}
            </a>
          </Title>
          {fn.write ? (
            <Badge color="blue" variant="light">
              write
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              read
            </Badge>
          )}
        </Group>
        <Text>{fn.summary}</Text>
        <Stack gap={4}>
          <Text fw={700} size="sm">
            Input (<code>data</code>)
          </Text>
          <SchemaTree node={schemaTree(fn.input)} />
        </Stack>
        <Stack gap={4}>
          <Text fw={700} size="sm">
            Answer (<code>result</code>)
          </Text>
          <SchemaTree node={schemaTree(fn.output)} />
        </Stack>
      </Stack>
    </Card>
  );
}
