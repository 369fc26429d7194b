import { Screen } from "~/components/Screen";
import type { Route } from "./+types/assign.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Assign ticket · Tickets" }];
}

export default function Page() {
  return <Screen title="Assign ticket" />;
}
