import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Plans and upgrade";
const intro =
  "The plans side by side: the free plan allows a limited number of events and one team; the pro plan has unlimited events, more teams and SMS messages. Business owners upgrade from this page.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
