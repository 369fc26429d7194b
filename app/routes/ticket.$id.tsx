import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Ticket";
const intro =
  "A shareable view of one ticket. With the link sent when the ticket was given to you, or as its holder, you see its QR code and the event details; anyone else sees only the event name and the ticket's status, never the QR code.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
