import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.team_list";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My teams · Tickets" }];
}

export default function Page() {
  return <Screen title="My teams" />;
}
