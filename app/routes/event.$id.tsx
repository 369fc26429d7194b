import { data } from "react-router";
import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

/**
 * An event's public page, `/{id}`. No event can exist before the events module does, so
 * every id is unknown: the seed spec's 404, shown by the root error boundary.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export const meta = () => screenMeta("Event");

/** Kept so that `/{id}` stays a page (a module without a component is a resource route). */
export default function Page() {
  return (
    <Screen title="Event">
      <LaterRelease />
    </Screen>
  );
}
