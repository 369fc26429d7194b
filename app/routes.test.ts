import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isGatedPath } from "#contract/gate.ts";
import routes from "./routes.ts";

type Flat = { path: string; underGatedLayout: boolean };

function flatten(entries: RouteConfigEntry[], gated = false): Flat[] {
  return entries.flatMap((entry) => {
    const underGatedLayout = gated || entry.file === "routes/gated-layout.tsx";
    const own =
      entry.path !== undefined || entry.index
        ? [{ path: `/${entry.path ?? ""}`, underGatedLayout }]
        : [];
    return [...own, ...flatten(entry.children ?? [], underGatedLayout)];
  });
}

const seedRoutes = [
  "/",
  "/:id",
  "/login",
  "/register",
  "/sms_verify",
  "/password",
  "/new_password",
  "/access_to_account",
  "/order",
  "/upcomming",
  "/profile",
  "/setting",
  "/privacy_policy",
  "/booking_refrence",
  "/booking/:id",
  "/ticket/:id",
  "/my_ticket/:id",
  "/my-ticket/:id",
  "/ticket-detail/:id",
  "/notification/:id",
  "/assign/:id",
  "/message/assigned_ticket_success/:id",
  "/business/form",
  "/business/message",
  "/business/upgrade",
  "/delete_account",
  "/account_delete_start",
  "/confirm_delete_account",
  "/team_coordinator/team_list",
  "/team_coordinator/report/:id",
  "/team_coordinator/business/:id",
  "/team_coordinator/check_in/:id",
  "/team_coordinator/check_in/ticket_info",
  "/team_coordinator/check_in/scanner/:id",
  "/team_coordinator/message_alert",
];

describe("the route table", () => {
  const flat = flatten(routes);

  it("registers every route of the seed spec", () => {
    const paths = flat.map((r) => r.path);
    for (const path of seedRoutes) expect(paths).toContain(path);
  });

  it("puts exactly the gated paths under the gated layout", () => {
    for (const route of flat) {
      expect({ path: route.path, gated: isGatedPath(route.path) }).toEqual({
        path: route.path,
        gated: route.underGatedLayout,
      });
    }
  });
});
