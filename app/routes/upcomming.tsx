import { Screen } from "~/components/Screen";
import type { Route } from "./+types/upcomming";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Upcoming · Tickets" }];
}

export default function Page() {
  return <Screen title="Upcoming" />;
}
