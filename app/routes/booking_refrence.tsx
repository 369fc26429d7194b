import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Find a booking";
const intro =
  "Look a booking up by its reference, such as K7QM-3TPX. Signed in, you see your own bookings at once; anyone else also enters the phone number or email address used to book. This is also the page you see right after booking.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
