import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";

export default function Page() {
  return (
    <Screen title="Business console">
      <LaterRelease />
    </Screen>
  );
}
