import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Apply as a business";
const intro =
  "Sell tickets for your own events. Apply with your business's name and type, a contact phone number and email address, an address and a short description. Applying needs an account, and makes you a business owner on the free plan.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
