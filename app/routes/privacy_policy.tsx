import { Screen } from "~/components/Screen";
import type { Route } from "./+types/privacy_policy";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Privacy policy · Tickets" }];
}

export default function Page() {
  return <Screen title="Privacy policy" />;
}
