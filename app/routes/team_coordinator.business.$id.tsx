import { Screen } from "~/components/Screen";
import type { Route } from "./+types/team_coordinator.business.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Business · Tickets" }];
}

export default function Page() {
  return <Screen title="Business" />;
}
