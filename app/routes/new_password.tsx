import { Screen } from "~/components/Screen";
import type { Route } from "./+types/new_password";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Set a new password · Tickets" }];
}

export default function Page() {
  return <Screen title="Set a new password" />;
}
