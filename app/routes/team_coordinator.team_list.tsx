import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "My teams";
const intro =
  "The teams you coordinate, each with its business and its events (today's first), with links to the check-in desk, the team's report and the business.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
