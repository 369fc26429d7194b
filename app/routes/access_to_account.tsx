import { Screen } from "~/components/Screen";
import type { Route } from "./+types/access_to_account";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign in with a one-time code · Tickets" }];
}

export default function Page() {
  return <Screen title="Sign in with a one-time code" />;
}
