import { Screen } from "~/components/Screen";
import type { Route } from "./+types/booking.$id";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Book tickets · Tickets" }];
}

export default function Page() {
  return <Screen title="Book tickets" />;
}
