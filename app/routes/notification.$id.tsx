import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Notifications";
const intro =
  "One of your notifications (a booking confirmed, a ticket you received, a change to an event, a message from an organizer) beside the list of all of them. Opening a notification marks it as read.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
