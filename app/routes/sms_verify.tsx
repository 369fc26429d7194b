import { Screen } from "~/components/Screen";
import type { Route } from "./+types/sms_verify";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Verify your phone · Tickets" }];
}

export default function Page() {
  return <Screen title="Verify your phone" />;
}
