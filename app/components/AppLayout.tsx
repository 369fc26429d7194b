import { Anchor, AppShell, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor component={Link} to="/" fw={700} c="green">
            Tickets
          </Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {children}
        <footer>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to="/privacy_policy">
              Privacy policy
            </Anchor>
          </Text>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
