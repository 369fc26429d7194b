import { Box, Code, Group, Stack, Text } from "@mantine/core";
import classes from "./SchemaTree.module.css";
import type { SchemaNode, SchemaProperty } from "./schema-tree.ts";

const nestedStyle = {
  listStyle: "none",
  margin: 0,
  paddingLeft: "var(--mantine-spacing-sm)",
  borderLeft: "2px solid var(--mantine-color-default-border)",
} as const;

/** A type line: the type in monospace, then its rules ("uuid · 1 to 60 characters"). */
function TypeLine({ node }: { node: SchemaNode }) {
  return (
    <>
      <Text span size="sm" ff="monospace" className={classes.type}>
        {node.type}
      </Text>
      {node.rules.length > 0 ? (
        <Text span size="xs" c="dimmed">
          {node.rules.join(" · ")}
        </Text>
      ) : null}
    </>
  );
}

/** What is inside a value: its properties, its items, its alternatives, a map's values. */
function Children({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.properties ? <PropertyList properties={node.properties} /> : null}
      {node.items ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Each item:
          </Text>
          <Nested node={node.items} />
        </Stack>
      ) : null}
      {node.values ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Each value:
          </Text>
          <Nested node={node.values} />
        </Stack>
      ) : null}
      {node.variants ? (
        <Box component="ol" style={nestedStyle}>
          {node.variants.map((variant, index) => (
            <Box component="li" key={String(index)} py={4}>
              <Text size="xs" c="dimmed">
                Option {index + 1}:
              </Text>
              <Nested node={variant} />
            </Box>
          ))}
        </Box>
      ) : null}
    </>
  );
}

/** A value without a name (an item, a variant): its type line unless it only has parts. */
function Nested({ node }: { node: SchemaNode }) {
  const onlyParts = node.properties && node.type === "object" && node.rules.length === 0;
  return (
    <Stack gap={4}>
      {onlyParts ? null : (
        <Group gap={6} wrap="wrap">
          <TypeLine node={node} />
        </Group>
      )}
      {node.description ? <Text size="sm">{node.description}</Text> : null}
      <Children node={node} />
    </Stack>
  );
}

function PropertyList({ properties }: { properties: SchemaProperty[] }) {
  return (
    <Box component="ul" style={nestedStyle}>
      {properties.map(({ name, required, node }) => (
        <Box component="li" key={name} py={4}>
          <Stack gap={4}>
            <Group gap={6} wrap="wrap" align="baseline">
              <Code fw={700}>{name}</Code>
              {required ? (
                <Text span size="xs" fw={700} className={classes.required}>
                  required
                </Text>
              ) : (
                <Text span size="xs" c="dimmed">
                  optional
                </Text>
              )}
              <TypeLine node={node} />
            </Group>
            {node.description ? <Text size="sm">{node.description}</Text> : null}
            <Children node={node} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A function's input or answer as a compact typed tree: property names, types, required
 * or optional, enums, rules and descriptions, objects and arrays nested.
 */
export function SchemaTree({ node }: { node: SchemaNode }) {
  if (node.type === "null" && !node.properties) {
    return (
      <Text size="sm">
        Nothing: <Code>null</Code>.
      </Text>
    );
  }
  return <Nested node={node} />;
}
