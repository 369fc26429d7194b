import { Screen } from "~/components/Screen";
import type { Route } from "./+types/business.upgrade";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Plans and upgrade · Tickets" }];
}

export default function Page() {
  return <Screen title="Plans and upgrade" />;
}
