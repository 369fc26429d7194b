import { Anchor, Group } from "@mantine/core";
import { Link } from "react-router";
import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Sign in";
const intro =
  "Sign in with your phone number or email address and your password, or with an external identity provider, to book tickets and see your orders.";

const otherWays = [
  { to: "/register", label: "Create an account" },
  { to: "/password", label: "Forgot your password?" },
  { to: "/access_to_account", label: "Sign in with a one-time code" },
] as const;

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease>Signing in arrives with a later release.</LaterRelease>
      <Group component="nav" aria-label="Other ways in" gap="lg">
        {otherWays.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} underline="hover">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Screen>
  );
}
