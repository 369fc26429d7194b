import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.check_in.scanner.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Scanner · Tickets" }];
}

export default function Page() {
  return <Screen title="Scanner" />;
}
