import { Screen } from "~/components/Screen";
import type { Route } from "./+types/delete_account";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Delete your account · Tickets" }];
}

export default function Page() {
  return <Screen title="Delete your account" />;
}
