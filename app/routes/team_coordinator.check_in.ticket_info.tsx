import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.check_in.ticket_info";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Ticket check · Tickets" }];
}

export default function Page() {
  return <Screen title="Ticket check" />;
}
