import { Screen } from "~/components/Screen";
import type { Route } from "./+types/event.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Event · Tickets" }];
}

export default function Page() {
  return <Screen title="Event" />;
}
