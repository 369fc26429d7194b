import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.check_in.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Check-in desk · Tickets" }];
}

export default function Page() {
  return <Screen title="Check-in desk" />;
}
