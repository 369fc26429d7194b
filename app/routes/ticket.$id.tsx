import { Screen } from "~/components/Screen";
import type { Route } from "./+types/ticket.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Ticket · Tickets" }];
}

export default function Page() {
  return <Screen title="Ticket" />;
}
