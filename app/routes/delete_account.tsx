import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Delete your account";
const intro =
  "The first step of deleting your account: what is deleted and what is kept (bookings stay, anonymised, for the organizers' accounting), an optional reason, and confirming that it is you with your password or an SMS code.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
