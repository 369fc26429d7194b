import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Set a new password";
const intro =
  "Choose a new password with the code or the link we sent you. Once it is set, you are signed out everywhere else, on every other device.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
