import { Screen } from "~/components/Screen";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Upcoming events · Tickets" }];
}

export default function Page() {
  return <Screen title="Upcoming events" />;
}
