import { Screen } from "~/components/Screen";
import type { Route } from "./+types/booking_refrence";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Find a booking · Tickets" }];
}

export default function Page() {
  return <Screen title="Find a booking" />;
}
