import { Screen } from "~/components/Screen";
import type { Route } from "./+types/ticket-detail.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Ticket details · Tickets" }];
}

export default function Page() {
  return <Screen title="Ticket details" />;
}
