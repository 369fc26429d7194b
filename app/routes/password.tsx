import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Forgot your password?";
const intro =
  "Enter your phone number or email address and we send you a code or a link to set a new password. The answer is the same whether or not an account exists, so nobody can use this page to find out who has one.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
