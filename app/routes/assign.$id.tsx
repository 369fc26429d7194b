import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Assign ticket";
const intro =
  "Give this ticket to someone else with their name and phone number or email address. They receive it in their account, or by a link sent by SMS or email, and the ticket's old QR code stops working. A ticket cannot be given away once it is checked in or after the event.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
