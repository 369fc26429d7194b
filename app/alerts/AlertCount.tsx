import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { loadCallable } from "#app/callable/load-callable.ts";
import { CountLink } from "#app/components/CountLink.tsx";
import { useLiveMessages } from "#app/realtime/live-stream.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { alertLiveKinds } from "./alert-labels.ts";

const alertsIcon = ["M3 11l18-5v12L3 14v-3z", "M11.6 16.8a3 3 0 1 1-5.8-1.6"];

/**
 * The header's alert count for team members, on every page: asked on navigation and again
 * whenever an alert or an acknowledgement arrives on the live stream (no polling).
 */
export function AlertCount() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const enabled = Boolean(user?.teamMember);
  const [count, setCount] = useState<number | null>(null);
  const ask = useCallback(() => {
    loadCallable()
      .then((callable) => callable("alerts.unreadCount")(null, { authenticated: true }))
      .then(
        (answer) => setCount(answer.count),
        () => {},
      );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger to ask again
  useEffect(() => {
    if (enabled) ask();
  }, [enabled, ask, pathname]);
  useLiveMessages(alertLiveKinds, ask, enabled);
  if (!enabled) return null;
  return (
    <CountLink
      to="/team_coordinator/message_alert"
      label="Alerts"
      count={count}
      testId="alert-count"
      iconPaths={alertsIcon}
    />
  );
}
