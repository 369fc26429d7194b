import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.report.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Team report · Tickets" }];
}

export default function Page() {
  return <Screen title="Team report" />;
}
