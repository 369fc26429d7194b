import { Screen } from "~/components/Screen";
import type { Route } from "./+types/account_delete_start";

export function meta(_: Route.MetaArgs) {
  return [{ title: "How to delete your account · Tickets" }];
}

export default function Page() {
  return <Screen title="How to delete your account" />;
}
