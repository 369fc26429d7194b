import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { brandName } from "~/brand";
import classes from "./AppLayout.module.css";

const footerLinks = [
  { to: "/privacy_policy", label: "Privacy policy" },
  { to: "/setting", label: "Settings" },
  { to: "/account_delete_start", label: "Delete your account" },
  { to: "/booking_refrence", label: "Find a booking" },
  { to: "/business/upgrade", label: "Plans for businesses" },
] as const;

export function AppFooter() {
  return (
    <footer className={classes.footer}>
      <Stack gap="xs" px="md" py="lg" maw={1200} mx="auto">
        <Group component="nav" aria-label="Footer" gap="lg">
          {footerLinks.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm" underline="hover">
              {link.label}
            </Anchor>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {brandName}: book events, show your ticket at the door.
        </Text>
      </Stack>
    </footer>
  );
}
