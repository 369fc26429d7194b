import { Screen } from "~/components/Screen";
import type { Route } from "./+types/login";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign in · Tickets" }];
}

export default function Page() {
  return <Screen title="Sign in" />;
}
