import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Scanner";
const intro =
  "Scan tickets for this event with the camera, or from an uploaded or dropped image of a QR code or barcode. Each code is checked in with the server and the verdict is shown full-screen, with sound and vibration.";

export const meta = () => screenMeta(title, intro);

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease />
    </Screen>
  );
}
