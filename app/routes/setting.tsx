import { Anchor, Fieldset, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { ThemePreference } from "~/components/ThemePreference";

const title = "Settings";
const intro =
  "How the app looks and, once you are signed in, how we reach you. Your privacy and your account are a link away.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <Fieldset legend="Theme" maw="42rem">
        <Text size="sm" mb="sm">
          Choose light or dark, or follow your device's setting. The choice is kept in this browser.
        </Text>
        <ThemePreference />
      </Fieldset>
      <LaterRelease>
        Choosing the language and your notification channels (email, SMS) arrives with a later
        release.
      </LaterRelease>
      <Group gap="lg">
        <Anchor component={Link} to="/privacy_policy" underline="hover">
          Privacy policy
        </Anchor>
        <Anchor component={Link} to="/account_delete_start" underline="hover">
          How to delete your account
        </Anchor>
      </Group>
    </Screen>
  );
}
