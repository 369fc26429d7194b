import * as M from "@mantine/core";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonAnchor, ButtonLink } from "./Button.tsx";
import { html, normalized } from "./compare-markup.tsx";
import { NativeSelect, TextInput } from "./fields.tsx";
import { Burger, IconButton } from "./icon-buttons.tsx";
import { Container, Group, Paper, Stack } from "./layout.tsx";
import { Alert, Badge } from "./notices.tsx";
import { Anchor, AnchorLink, List, Text, Title } from "./text.tsx";

/** The same select, given to ours and to Mantine's. */
const selectProps = {
  name: "c",
  label: "Category",
  data: [
    { value: "", label: "All" },
    { value: "m", label: "Music" },
  ],
  defaultValue: "m",
  error: "Unknown",
};
const pairs: [string, ReactElement, ReactElement][] = [
  ["Button", <Button key="p">Go</Button>, <M.Button key="m">Go</M.Button>],
  [
    "Button, default",
    <Button key="p" variant="default" onClick={() => {}}>
      Share
    </Button>,
    <M.Button key="m" variant="default" onClick={() => {}}>
      Share
    </M.Button>,
  ],
  [
    "Button, submit, loading",
    <Button key="p" type="submit" loading>
      Search
    </Button>,
    <M.Button key="m" type="submit" loading>
      Search
    </M.Button>,
  ],
  [
    "Button, disabled",
    <Button key="p" disabled aria-describedby="why">
      Book
    </Button>,
    <M.Button key="m" disabled aria-describedby="why">
      Book
    </M.Button>,
  ],
  [
    "Button, subtle, compact, hidden from sm",
    <Button key="p" variant="subtle" size="compact-md" hiddenFrom="sm" aria-expanded={false}>
      Filters
    </Button>,
    <M.Button key="m" variant="subtle" size="compact-md" hiddenFrom="sm" aria-expanded={false}>
      Filters
    </M.Button>,
  ],
  [
    "ButtonLink, visible from sm",
    <ButtonLink key="p" to="/login" visibleFrom="sm">
      Sign in
    </ButtonLink>,
    <M.Button key="m" component={Link} to="/login" visibleFrom="sm">
      Sign in
    </M.Button>,
  ],
  [
    "ButtonAnchor, default",
    <ButtonAnchor key="p" variant="default" href="/x.ics" download>
      Add
    </ButtonAnchor>,
    <M.Button key="m" component="a" variant="default" href="/x.ics" download>
      Add
    </M.Button>,
  ],
  [
    "TextInput",
    <TextInput key="p" name="q" type="search" label="Search" placeholder="Jazz" maxLength={200} />,
    <M.TextInput
      key="m"
      name="q"
      type="search"
      label="Search"
      placeholder="Jazz"
      maxLength={200}
    />,
  ],
  [
    "TextInput with an error",
    <TextInput key="p" name="from" type="date" label="From" defaultValue="x" error="Bad date" />,
    <M.TextInput key="m" name="from" type="date" label="From" defaultValue="x" error="Bad date" />,
  ],
  [
    "NativeSelect with an error",
    <NativeSelect key="p" {...selectProps} />,
    <M.NativeSelect key="m" {...selectProps} />,
  ],
  [
    "Badge",
    <Badge key="p" color="#b02525">
      Sold out
    </Badge>,
    <M.Badge key="m" color="#b02525" variant="filled">
      Sold out
    </M.Badge>,
  ],
  [
    "Alert",
    <Alert key="p" color="red" title="Cancelled">
      Sorry
    </Alert>,
    <M.Alert key="m" color="red" variant="light" title="Cancelled">
      Sorry
    </M.Alert>,
  ],
  [
    "Stack",
    <Stack key="p" gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      <li>a</li>
    </Stack>,
    <M.Stack key="m" gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      <li>a</li>
    </M.Stack>,
  ],
  [
    "Stack, centred",
    <Stack key="p" gap={4} align="center" ta="center">
      a
    </Stack>,
    <M.Stack key="m" gap={4} align="center" ta="center">
      a
    </M.Stack>,
  ],
  [
    "Group",
    <Group key="p" component="nav" aria-label="Pages" justify="space-between" wrap="nowrap">
      a
    </Group>,
    <M.Group key="m" component="nav" aria-label="Pages" justify="space-between" wrap="nowrap">
      a
    </M.Group>,
  ],
  [
    "Container",
    <Container key="p" size="sm" py="xl">
      a
    </Container>,
    <M.Container key="m" size="sm" py="xl">
      a
    </M.Container>,
  ],
  [
    "Paper",
    <Paper key="p" p="sm" component="li">
      a
    </Paper>,
    <M.Paper key="m" withBorder p="sm" component="li">
      a
    </M.Paper>,
  ],
  [
    "Text",
    <Text key="p" size="lg" c="dimmed" maw="42rem" fw={600}>
      a
    </Text>,
    <M.Text key="m" size="lg" c="dimmed" maw="42rem" fw={600}>
      a
    </M.Text>,
  ],
  [
    "Text, span, large number",
    <Text key="p" span c="red.9" fz={64} aria-label="Status 404">
      404
    </Text>,
    <M.Text key="m" span c="red.9" fz={64} aria-label="Status 404">
      404
    </M.Text>,
  ],
  [
    "Title",
    <Title key="p" order={2} size="h3" id="t" mb="xs">
      T
    </Title>,
    <M.Title key="m" order={2} size="h3" id="t" mb="xs">
      T
    </M.Title>,
  ],
  [
    "Anchor",
    <Anchor key="p" href="https://example.com" rel="noopener" target="_blank">
      x
    </Anchor>,
    <M.Anchor key="m" href="https://example.com" rel="noopener" target="_blank">
      x
    </M.Anchor>,
  ],
  ["List", <List key="p" items={["one", "two"]} />, <ListOf key="m" items={["one", "two"]} />],
  [
    "IconButton",
    <IconButton key="p" title="Switch" onClick={() => {}}>
      x
    </IconButton>,
    <M.ActionIcon key="m" variant="default" size="lg" title="Switch" onClick={() => {}}>
      x
    </M.ActionIcon>,
  ],
  [
    "Burger, opened",
    <Burger key="p" opened aria-label="Close navigation" aria-expanded aria-controls="menu" />,
    <M.Burger
      key="m"
      hiddenFrom="sm"
      opened
      aria-label="Close navigation"
      aria-expanded
      aria-controls="menu"
    />,
  ],
  [
    "Burger, closed",
    <Burger key="p" opened={false} aria-label="Open navigation" />,
    <M.Burger key="m" hiddenFrom="sm" opened={false} aria-label="Open navigation" />,
  ],
];

function ListOf({ items }: { items: string[] }) {
  return (
    <M.List withPadding>
      {items.map((item) => (
        <M.List.Item key={item}>{item}</M.List.Item>
      ))}
    </M.List>
  );
}

describe("the plain components, Mantine's markup without Mantine's runtime", () => {
  it.each(pairs)("%s renders what Mantine renders", (_name, plain, mantine) => {
    expect(normalized(html(plain, false))).toBe(normalized(html(mantine, true)));
  });

  it("an AnchorLink is Mantine's Anchor on a router link", () => {
    const plain = html(<AnchorLink to="/x">x</AnchorLink>, false);
    expect(plain).toContain('data-underline="always"');
    expect(plain).toContain("mantine-Anchor-root");
    expect(plain).toContain('href="/x"');
  });
});
