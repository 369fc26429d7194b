import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Book tickets";
const intro =
  "Book tickets for this event: choose how many of each ticket type you want and we hold them for you for 10 minutes, with the time left on screen, while you enter attendee names and confirm (and pay, when the tickets are not free). You then get your booking reference and your tickets.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
