import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Check-in desk";
const intro =
  "The check-in desk for this event: live counts of guests in and expected, a search by name, phone number or booking reference with a check-in button, the latest scans, and a button to the scanner.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
