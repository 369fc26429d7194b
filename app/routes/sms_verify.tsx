import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Verify your phone";
const intro =
  "Enter the 6-digit code we sent to your phone by SMS. You can ask for a new code after a short wait; each wrong code uses up one of a limited number of attempts. A correct code signs you in.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
