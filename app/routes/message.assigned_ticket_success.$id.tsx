import { Screen } from "~/components/Screen";
import type { Route } from "./+types/message.assigned_ticket_success.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Ticket assigned · Tickets" }];
}

export default function Page() {
  return <Screen title="Ticket assigned" />;
}
