import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { loadCallable } from "#app/callable/load-callable.ts";
import { CountLink } from "#app/components/CountLink.tsx";
import { useSignedInUser } from "#app/session/signed-in-user.ts";

/** How often an open page looks for new notifications. */
const POLL_MS = 60_000;

const notificationsIcon = [
  "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9",
  "M10.3 21a1.94 1.94 0 0 0 3.4 0",
];

/**
 * The header bell for a signed-in user: the unread count, asked again on every navigation
 * (so opening a notification brings it down), every minute, and when the tab comes back.
 * It opens the newest notification beside the list.
 */
export function NotificationBell() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger to ask again
  useEffect(() => {
    if (!user) return;
    let live = true;
    const ask = () =>
      loadCallable()
        .then((callable) => callable("notifications.unreadCount")(null, { authenticated: true }))
        .then(
          (answer) => live && setCount(answer.count),
          () => {},
        );
    void ask();
    const timer = setInterval(ask, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void ask();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [user, pathname]);
  if (!user) return null;
  return (
    <CountLink
      to="/notification/latest"
      label="Notifications"
      count={count}
      testId="notification-bell"
      iconPaths={notificationsIcon}
    />
  );
}
