import { Screen } from "~/components/Screen";
import type { Route } from "./+types/my_ticket.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My tickets · Tickets" }];
}

export default function Page() {
  return <Screen title="My tickets" />;
}
