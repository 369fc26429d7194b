import { useLocation } from "react-router";
import { signOut } from "#app/session/sign-out.ts";
import type { SignedInUser } from "#app/session/signed-in-user.ts";
import { Button, ButtonLink } from "#app/ui/Button.tsx";
import { Group, Paper, Stack } from "#app/ui/layout.tsx";
import { Text } from "#app/ui/text.tsx";

/**
 * What `/login` and `/register` show to someone already signed in: who they are, the way
 * on (the `redirect` they came with, else home), and signing out to use another account
 * (which comes back to this screen, now with its form).
 */
export function SignedInNotice({
  user,
  redirect,
}: {
  user: SignedInUser;
  redirect: string | null;
}) {
  const { pathname, search } = useLocation();
  return (
    <Paper p="lg" radius="md" maw="32rem" data-testid="signed-in-notice">
      <Stack gap="md">
        <Text>
          You are signed in as <strong>{user.name || "a user without a name"}</strong>.
        </Text>
        <Group>
          <ButtonLink to={redirect ?? "/"}>{redirect ? "Continue" : "Go to events"}</ButtonLink>
          <Button variant="default" onClick={() => void signOut(user.id, `${pathname}${search}`)}>
            Sign out
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
