import { Screen } from "~/components/Screen";
import type { Route } from "./+types/notification.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Notifications · Tickets" }];
}

export default function Page() {
  return <Screen title="Notifications" />;
}
