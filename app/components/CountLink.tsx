import { Link } from "react-router";
import classes from "./CountLink.module.css";

/**
 * A header icon link with an unread count over it (the notification bell, the alert
 * count): the count is in the accessible name, the badge itself is decoration.
 */
export function CountLink({
  to,
  label,
  count,
  testId,
  iconPaths,
}: {
  to: string;
  /** "Notifications", "Alerts": the name, followed by ", N unread" when there are some. */
  label: string;
  /** Null while not yet known. */
  count: number | null;
  testId: string;
  /** The 24×24 stroked icon's path data. */
  iconPaths: readonly string[];
}) {
  const unread = count ?? 0;
  return (
    <Link
      to={to}
      className={classes.bell}
      aria-label={unread > 0 ? `${label}, ${unread} unread` : label}
      data-testid={testId}
      data-unread={count ?? undefined}
    >
      <svg
        width={22}
        height={22}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {iconPaths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
      {unread > 0 ? (
        <span className={classes.count} aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
