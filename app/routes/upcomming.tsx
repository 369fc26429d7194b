import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Upcoming";
const intro =
  "Your tickets for events that have not ended yet, soonest first, each with its QR code for the door. Without signing in, this page lists the upcoming public events.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
