import { Screen } from "~/components/Screen";
import type { Route } from "./+types/password";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Forgot your password? · Tickets" }];
}

export default function Page() {
  return <Screen title="Forgot your password?" />;
}
