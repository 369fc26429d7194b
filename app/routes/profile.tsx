import { Screen } from "~/components/Screen";
import type { Route } from "./+types/profile";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Profile · Tickets" }];
}

export default function Page() {
  return <Screen title="Profile" />;
}
