import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Message your teams and attendees";
const intro =
  "Business owners write here to the coordinators of a team, who get the message live as an alert, or to the attendees of an event, who get a notification and, as their settings allow, an email or SMS.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
      <Text>
        Not a business yet?{" "}
        <Anchor component={Link} to="/business/form">
          Apply as a business
        </Anchor>{" "}
        to sell tickets for your own events.
      </Text>
    </Screen>
  );
}
