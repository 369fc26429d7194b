import { Screen } from "~/components/Screen";
import type { Route } from "./+types/setting";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings · Tickets" }];
}

export default function Page() {
  return <Screen title="Settings" />;
}
