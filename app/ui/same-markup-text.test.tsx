import * as M from "@mantine/core";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { html, normalized, type Pair } from "./compare-markup.tsx";
import { Paper, Stack } from "./layout.tsx";
import { Alert } from "./notices.tsx";
import { AnchorLink, ListItem, PlainList, Text, VisuallyHidden } from "./text.tsx";

/**
 * The text, notices and surfaces of the sign-in screens (decision 024, issue 28):
 * Mantine's markup for the props they use, beside same-markup.test.tsx's.
 */
const pairs: Pair[] = [
  [
    "Alert without a title, a status",
    <Alert key="p" color="blue" role="status">
      A new code is on its way.
    </Alert>,
    <M.Alert key="m" color="blue" variant="light" role="status">
      A new code is on its way.
    </M.Alert>,
  ],
  [
    "Alert without a title, an alert",
    <Alert key="p" color="red">
      Wrong password
    </Alert>,
    <M.Alert key="m" color="red" variant="light" role="alert">
      Wrong password
    </M.Alert>,
  ],
  [
    "Alert with a title, a status",
    <Alert key="p" color="blue" role="status" title="Check your email">
      We sent a link.
    </Alert>,
    <M.Alert key="m" color="blue" variant="light" role="status" title="Check your email">
      We sent a link.
    </M.Alert>,
  ],
  [
    "Paper with a radius and a maximum width",
    <Paper key="p" p="lg" radius="md" maw="32rem" data-testid="n">
      a
    </Paper>,
    <M.Paper key="m" withBorder p="lg" radius="md" maw="32rem" data-testid="n">
      a
    </M.Paper>,
  ],
  [
    "Stack with a maximum width",
    <Stack key="p" gap="md" maw="32rem">
      a
    </Stack>,
    <M.Stack key="m" gap="md" maw="32rem">
      a
    </M.Stack>,
  ],
  [
    "Text, small, dimmed, with a margin above",
    <Text key="p" size="sm" c="dimmed" mt={4} aria-live="polite">
      a
    </Text>,
    <M.Text key="m" size="sm" c="dimmed" mt={4} aria-live="polite">
      a
    </M.Text>,
  ],
  [
    "Text, small, bold, with a margin below",
    <Text key="p" size="sm" fw={500} mb={4}>
      a
    </Text>,
    <M.Text key="m" size="sm" fw={500} mb={4}>
      a
    </M.Text>,
  ],
  [
    "Text, span, a CSS variable's colour",
    <Text key="p" span size="sm" c="var(--mantine-color-green-text)" fw={500}>
      a
    </Text>,
    <M.Text key="m" span size="sm" c="var(--mantine-color-green-text)" fw={500}>
      a
    </M.Text>,
  ],
  [
    "AnchorLink, underlined on hover",
    <AnchorLink key="p" to="/register" underline="hover">
      Create an account
    </AnchorLink>,
    <M.Anchor key="m" component={Link} to="/register" underline="hover">
      Create an account
    </M.Anchor>,
  ],
  [
    "AnchorLink, underlined always",
    <AnchorLink key="p" to="/login">
      Sign in
    </AnchorLink>,
    <M.Anchor key="m" component={Link} to="/login" underline="always">
      Sign in
    </M.Anchor>,
  ],
  [
    "PlainList with items",
    <PlainList key="p" data-testid="rules">
      <ListItem data-rule="minLength" data-met="false">
        8 characters
      </ListItem>
    </PlainList>,
    <M.List key="m" size="sm" spacing={2} listStyleType="none" data-testid="rules">
      <M.List.Item data-rule="minLength" data-met="false">
        8 characters
      </M.List.Item>
    </M.List>,
  ],
  [
    "VisuallyHidden",
    <VisuallyHidden key="p"> (done)</VisuallyHidden>,
    <M.VisuallyHidden key="m"> (done)</M.VisuallyHidden>,
  ],
];

describe("text, notices and surfaces, Mantine's markup without Mantine's runtime", () => {
  it.each(pairs)("%s renders what Mantine renders", (_name, plain, mantine) => {
    expect(normalized(html(plain, false))).toBe(normalized(html(mantine, true)));
  });
});
