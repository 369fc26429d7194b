import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import type { FunctionOutput } from "#app/callable/callable.ts";

type Session = FunctionOutput<"sessions.list">[number];

/** A short name for a device from its user agent: browser on system. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "another system";
  return `${browser} on ${system}`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
}

function SessionRow({ session }: { session: Session }) {
  const fetcher = useFetcher();
  const name = deviceName(session.userAgent);
  return (
    <Card withBorder padding="sm" component="li" data-testid="session">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {session.current ? <Badge variant="light">This device</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {`Last used ${when(session.lastUsedAt)} UTC${session.ip ? ` from ${session.ip}` : ""}; `}
            signed in {when(session.createdAt)}
          </Text>
        </Stack>
        {session.current ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="sign-out-session" />
            <input type="hidden" name="sessionId" value={session.sessionId} />
            <Button
              type="submit"
              variant="default"
              size="xs"
              loading={fetcher.state !== "idle"}
              aria-label={`Sign out ${name}, last used ${when(session.lastUsedAt)}`}
            >
              Sign out
            </Button>
          </fetcher.Form>
        )}
      </Group>
    </Card>
  );
}

/** The devices where this account is signed in, each with its own sign-out. */
export function SessionList({ sessions }: { sessions: readonly Session[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} maw="40rem">
      {sessions.map((session) => (
        <SessionRow key={session.sessionId} session={session} />
      ))}
    </Stack>
  );
}
