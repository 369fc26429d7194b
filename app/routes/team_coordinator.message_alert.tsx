import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Message alerts";
const intro =
  "Live alerts for the teams you coordinate, newest first: messages from the business owner and alerts such as an event reaching capacity. Unread alerts stand out and each one can be acknowledged; new ones arrive without reloading the page.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
