import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Sign in with a one-time code";
const intro =
  "Sign in without a password: we send a one-time code by SMS or email. This is also the way back into your account if you forgot your password but still have your phone.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
