import { Screen } from "~/components/Screen";
import type { Route } from "./+types/confirm_delete_account";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Confirm account deletion · Tickets" }];
}

export default function Page() {
  return <Screen title="Confirm account deletion" />;
}
