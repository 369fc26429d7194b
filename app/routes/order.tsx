import { Screen } from "~/components/Screen";
import type { Route } from "./+types/order";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My orders · Tickets" }];
}

export default function Page() {
  return <Screen title="My orders" />;
}
