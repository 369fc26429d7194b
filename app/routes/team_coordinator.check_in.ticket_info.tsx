import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Ticket check";
const intro =
  "The result for one scanned or typed code: the holder, ticket type and event, and a verdict: admitted (green), already checked in with the time and the staff member (amber), or wrong event, cancelled or invalid (red). A button leads back to scanning.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
