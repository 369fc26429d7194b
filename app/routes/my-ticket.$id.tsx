import { Screen } from "~/components/Screen";
import type { Route } from "./+types/my-ticket.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My ticket · Tickets" }];
}

export default function Page() {
  return <Screen title="My ticket" />;
}
