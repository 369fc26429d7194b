import { Badge, Button, Card, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { invitationStateLabels, roleLabels } from "./team-labels.ts";

type Member = {
  userId: string;
  role: "coordinator" | "staff";
  name: string | null;
  phone: string | null;
  email: string | null;
};
type Invitation = {
  id: string;
  destination: string;
  role: "coordinator" | "staff";
  state: keyof typeof invitationStateLabels;
  expiresAt: string;
};

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" }).format(new Date(iso));

function MemberRow({ member }: { member: Member }) {
  const fetcher = useFetcher<IntentResult>();
  const who = member.name || member.phone || member.email || "Member";
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{who}</Text>
            <Text size="sm" c="dimmed">
              {[member.phone, member.email].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
          <Badge variant="light">{roleLabels[member.role]}</Badge>
        </Group>
        {fetcher.data && !fetcher.data.ok ? (
          <FormMessage kind="error">{fetcher.data.failure.message}</FormMessage>
        ) : null}
        <Group gap="xs" align="flex-end">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="userId" value={member.userId} />
            <Group gap="xs" align="flex-end">
              <NativeSelect
                name="role"
                label={`Role of ${who}`}
                size="sm"
                defaultValue={member.role}
                data={[
                  { value: "staff", label: roleLabels.staff },
                  { value: "coordinator", label: roleLabels.coordinator },
                ]}
              />
              <Button type="submit" size="sm" variant="default">
                Change role
              </Button>
            </Group>
          </fetcher.Form>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remove-member" />
            <input type="hidden" name="userId" value={member.userId} />
            <Button
              type="submit"
              size="sm"
              color="red"
              variant="outline"
              aria-label={`Remove ${who}`}
            >
              Remove
            </Button>
          </fetcher.Form>
        </Group>
      </Stack>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<IntentResult>();
  const pending = invitation.state === "pending";
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{invitation.destination}</Text>
          <Text size="sm" c="dimmed">
            {roleLabels[invitation.role]} ·{" "}
            {pending ? `link works until ${dateOf(invitation.expiresAt)}` : "link no longer works"}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" color={pending ? "blue" : "gray"}>
            {invitationStateLabels[invitation.state]}
          </Badge>
          {pending ? (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <Button
                type="submit"
                size="sm"
                variant="default"
                aria-label={`Withdraw the invitation to ${invitation.destination}`}
              >
                Withdraw
              </Button>
            </fetcher.Form>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

const listStyle = { listStyle: "none", padding: 0, margin: 0 } as const;

/** The team's members (role, change, remove) and its invitations not yet accepted. */
export function TeamMembers({
  members,
  invitations,
}: {
  members: readonly Member[];
  invitations: readonly Invitation[];
}) {
  const open = invitations.filter((i) => i.state !== "revoked");
  return (
    <Stack gap="sm">
      {members.length === 0 ? (
        <Text c="dimmed">Nobody is in this team yet: add people below.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle} aria-label="Members">
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} />
          ))}
        </Stack>
      )}
      {open.length > 0 ? (
        <Stack gap="xs" component="ul" style={listStyle} aria-label="Invitations">
          {open.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
