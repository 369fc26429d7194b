import { Screen } from "~/components/Screen";
import type { Route } from "./+types/business.form";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Apply as a business · Tickets" }];
}

export default function Page() {
  return <Screen title="Apply as a business" />;
}
