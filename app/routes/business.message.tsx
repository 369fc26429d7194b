import { Screen } from "~/components/Screen";
import type { Route } from "./+types/business.message";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Message your teams and attendees · Tickets" }];
}

export default function Page() {
  return <Screen title="Message your teams and attendees" />;
}
