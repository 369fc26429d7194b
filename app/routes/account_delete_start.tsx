import { Anchor, Button, List, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { brandName } from "#contract/brand.ts";

const title = "How to delete your account";
const intro = `You can delete your ${brandName} account and your personal data at any time, from the website or the app. This page explains how, and what happens to your data.`;

export const meta = () => screenMeta(title, intro);

/** `?deleted=1`: where a deletion ends, once the session is gone (the goodbye). */
export function loader({ request }: { request: Request }) {
  return { deleted: new URL(request.url).searchParams.get("deleted") === "1" };
}

export default function Page() {
  const { deleted } = useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      {deleted ? (
        <FormMessage kind="notice" title="Your account is deleted. Goodbye!">
          Your personal data is erased and you are signed out on every device. Thank you for having
          been with us; you are welcome back any time.
        </FormMessage>
      ) : null}
      <Stack gap="xs" component="section" maw="46rem">
        <Title order={2} size="h3">
          Steps
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>Sign in to your account.</List.Item>
          <List.Item>
            Open{" "}
            <Anchor component={Link} to="/delete_account">
              Delete your account
            </Anchor>
            . Read what is deleted and what is kept, give a reason if you like, and confirm that it
            is you with your password or a code sent by SMS.
          </List.Item>
          <List.Item>Confirm the deletion on the final page.</List.Item>
        </List>
        <Text>
          Cannot sign in? Get a{" "}
          <Anchor component={Link} to="/access_to_account">
            one-time sign-in code
          </Anchor>{" "}
          by SMS or email, or{" "}
          <Anchor component={Link} to="/password">
            reset your password
          </Anchor>
          , then follow the steps above.
        </Text>
      </Stack>

      <Stack gap="xs" component="section" maw="46rem">
        <Title order={2} size="h3">
          What is deleted and what is kept
        </Title>
        <List spacing="xs">
          <List.Item>
            Deleted: your name, phone number, email address, password, profile and notification
            settings, and your notifications.
          </List.Item>
          <List.Item>
            Your tickets for events that have not happened yet are cancelled, and you are signed out
            on every device.
          </List.Item>
          <List.Item>
            Kept, anonymised: your past bookings and check-ins, without your name, phone number or
            email address, because organizers need them for their accounting.
          </List.Item>
        </List>
        <Text>
          Deletion cannot be undone. The{" "}
          <Anchor component={Link} to="/privacy_policy">
            privacy policy
          </Anchor>{" "}
          explains what we collect and how long we keep it.
        </Text>
      </Stack>

      {deleted ? null : (
        <div>
          <Button component={Link} to="/delete_account" variant="default">
            Continue to account deletion
          </Button>
        </div>
      )}
    </Screen>
  );
}
