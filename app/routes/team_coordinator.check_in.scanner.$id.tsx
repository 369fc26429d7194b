import { Anchor, Text } from "@mantine/core";
import { type ComponentType, useEffect, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { DoorStatusBanner } from "#app/checkin/DoorStatusBanner.tsx";
import { useDoor } from "#app/checkin/use-door.ts";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import type { OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { doorPageLinks } from "#app/door-worker/door-web-manifest.ts";
import { useDoorWorker } from "#app/door-worker/use-door-worker.ts";
import { foundOr404 } from "#app/loaders/found-or-404.server.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSignedIn } from "#app/session/require-signed-in.server.ts";
import type { Route } from "./+types/team_coordinator.check_in.scanner.$id";

const title = "Scanner";
const intro =
  "Scan tickets for this event with the camera, or from an uploaded or dropped image of a QR code or barcode. Each code is checked in with the server, or on this device when the network is gone, and the verdict is shown full-screen, with sound and vibration.";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  screenMeta(loaderData?.event ? `${title}: ${loaderData.event.title}` : title, intro);

/** The door app's manifest: the door pages install as one app (decision 030). */
export const links = doorPageLinks;

/** The event's door only (owner, coordinators, staff of an assigned team); 404 otherwise. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  requireSignedIn(server, request);
  const stats = await foundOr404(server.invoke("checkin.stats", { eventId: params.id }));
  // `?formats=ean_13,code_128`: other codes than QR (the scanner applies the formats rule).
  const formats = new URL(request.url).searchParams.get("formats");
  return {
    event: stats.event,
    // The offline door keeps its copy per signed-in user (decision 030).
    userId: server.auth?.userId ?? "",
    formats: formats === null ? null : formats.split(",").filter((format) => format !== ""),
  };
}

type Scanner = ComponentType<{ door: OfflineDoor; deviceId: string; formats?: string[] }>;

/**
 * The scanner's code (the barcode reader and its WebAssembly) is imported here, in the
 * browser, after the page is up: no other page's JavaScript names it (decision 021).
 */
function useScanner(): { Scanner: Scanner | null; failed: boolean } {
  const [Scanner, setScanner] = useState<Scanner | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("#app/scanner/ScannerScreen.tsx").then(
      (module) => live && setScanner(() => module.ScannerScreen),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { Scanner, failed };
}

export default function Page() {
  const { event, userId, formats } = useLoaderData<typeof loader>();
  useDoorWorker(event?.id ?? null);
  const { door, deviceId } = useDoor(event?.id ?? "", userId);
  const { Scanner, failed } = useScanner();
  if (!event) return null;
  return (
    <Screen
      title={title}
      intro={`At the door of ${event.title}. Point the camera at a ticket's QR code.`}
    >
      <DoorStatusBanner door={door} />
      {Scanner ? (
        <Scanner door={door} deviceId={deviceId} formats={formats ?? undefined} />
      ) : (
        <Text role="status" data-testid="scanner-loading">
          {failed
            ? "The scanner could not load. Reload the page to try again."
            : "Loading the scanner…"}
        </Text>
      )}
      <Anchor component={Link} to={`/team_coordinator/check_in/${event.id}`}>
        ← Check-in desk
      </Anchor>
      <Anchor component={Link} to={`/team_coordinator/check_in/ticket_info?event=${event.id}`}>
        Type a ticket code
      </Anchor>
    </Screen>
  );
}
