import { Screen } from "~/components/Screen";
import type { Route } from "./+types/register";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Create an account · Tickets" }];
}

export default function Page() {
  return <Screen title="Create an account" />;
}
