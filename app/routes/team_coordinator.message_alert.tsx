import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.message_alert";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Message alerts · Tickets" }];
}

export default function Page() {
  return <Screen title="Message alerts" />;
}
