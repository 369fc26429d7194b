import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Confirm account deletion";
const intro =
  "The final confirmation. Once you confirm, your personal data is erased, your tickets for future events are cancelled, you are signed out on every device and a goodbye page is shown.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
