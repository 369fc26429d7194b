import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPgliteFolder } from "#tests/support/pglite-folder.ts";
import { newPhone } from "#tests/support/phones.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/**
 * The coordinator's pages and the team console, as each kind of caller loads them, on the
 * built server over both databases: the page-side half of the permission matrix
 * (server/modules/teams/team-permissions.test.ts has the functions' half).
 */
type Actor = "visitor" | "plain" | "staff" | "otherCoordinator" | "coordinator" | "owner";
const actors: Actor[] = ["visitor", "plain", "staff", "otherCoordinator", "coordinator", "owner"];

type Fixture = { businessId: string; teamA: string };

/** What a page load answers: its status, and where a redirect goes (path only). */
const login = "redirect:/login";
const pages: { label: string; path: (f: Fixture) => string; expected: Record<Actor, string> }[] = [
  {
    label: "/team_coordinator/team_list",
    path: () => "/team_coordinator/team_list",
    expected: {
      visitor: login,
      plain: "200",
      staff: "200",
      otherCoordinator: "200",
      coordinator: "200",
      owner: "200",
    },
  },
  {
    label: "/team_coordinator/business/{id}",
    path: (f) => `/team_coordinator/business/${f.businessId}`,
    expected: {
      visitor: login,
      plain: "404",
      staff: "404",
      otherCoordinator: "200",
      coordinator: "200",
      owner: "200",
    },
  },
  {
    label: "/team_coordinator/report/{id}",
    path: (f) => `/team_coordinator/report/${f.teamA}`,
    expected: {
      visitor: login,
      plain: "404",
      staff: "404",
      otherCoordinator: "404",
      coordinator: "200",
      owner: "200",
    },
  },
  {
    label: "/team_coordinator/report/{id}/check-ins.csv",
    path: (f) => `/team_coordinator/report/${f.teamA}/check-ins.csv`,
    expected: {
      visitor: login,
      plain: "404",
      staff: "404",
      otherCoordinator: "404",
      coordinator: "200",
      owner: "200",
    },
  },
  {
    label: "/business/teams",
    path: () => "/business/teams",
    expected: {
      visitor: login,
      plain: "redirect:/business/form",
      staff: "redirect:/business/form",
      otherCoordinator: "redirect:/business/form",
      coordinator: "redirect:/business/form",
      owner: "200",
    },
  },
  {
    label: "/business/teams/{id}",
    path: (f) => `/business/teams/${f.teamA}`,
    expected: {
      visitor: login,
      plain: "404",
      staff: "404",
      otherCoordinator: "404",
      coordinator: "404",
      owner: "200",
    },
  },
];

const servers = [
  { name: "pglite", postgres: false },
  ...(testDatabaseUrl ? [{ name: "postgres", postgres: true }] : []),
];

describe.each(servers)("team pages per caller on $name", ({ postgres }) => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  const cookies = new Map<Actor, string>();
  const ids = new Map<Actor, string>();
  let fixture: Fixture;

  async function call<T>(name: string, data: unknown, as?: Actor): Promise<T> {
    const userId = as ? ids.get(as) : undefined;
    const response = await fetch(`${server.url}/api/fn/${name}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(userId ? { authorization: `Bearer test:${userId}:` } : {}),
      },
      body: JSON.stringify({ data }),
    });
    const body = (await response.json()) as { result?: T; error?: unknown };
    if (!response.ok) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
    return body.result as T;
  }

  beforeAll(async () => {
    let env: Record<string, string | undefined>;
    if (postgres) {
      const temp = await createTempDatabase("pages", { migrated: true });
      env = { NODE_ENV: "test", DATABASE_URL: temp.url, DEMO_DATA: "off" };
      cleanup = () => temp.drop();
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "team-pages-"));
      env = {
        NODE_ENV: "test",
        DATABASE_URL: undefined,
        PGLITE_DIR: await migratedPgliteFolder(path.join(dir, "db")),
        DEMO_DATA: "off",
      };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    server = await spawnServer({ env });
    const phones = new Map<Actor, string>();
    for (const actor of actors.filter((a) => a !== "visitor")) {
      const phone = newPhone("+447400");
      const response = await fetch(`${server.url}/api/fn/test.signInAs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { name: actor, phone } }),
      });
      const { result } = (await response.json()) as { result: { userId: string } };
      ids.set(actor, result.userId);
      phones.set(actor, phone);
      cookies.set(
        actor,
        response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      );
    }
    const business = await call<{ id: string }>(
      "businesses.apply",
      {
        name: "Pier Club",
        type: "club",
        contactPhone: "+44 20 7946 0018",
        contactEmail: "pier@example.com",
        address: "2 Pier Road, Brighton",
        description: "",
      },
      "owner",
    );
    await call("businesses.changePlan", { plan: "pro" }, "owner");
    const teamA = (await call<{ teamId: string }>("teams.create", { name: "A" }, "owner")).teamId;
    const teamB = (await call<{ teamId: string }>("teams.create", { name: "B" }, "owner")).teamId;
    const add = (teamId: string, actor: Actor, role: string) =>
      call("teams.addMember", { teamId, phone: phones.get(actor), role }, "owner");
    await add(teamA, "coordinator", "coordinator");
    await add(teamA, "staff", "staff");
    await add(teamB, "otherCoordinator", "coordinator");
    fixture = { businessId: business.id, teamA };
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  for (const page of pages) {
    it(`${page.label}: ${Object.entries(page.expected)
      .map(([a, e]) => `${a} ${e}`)
      .join(", ")}`, async () => {
      const got: Record<string, string> = {};
      for (const actor of actors) {
        const response = await fetch(`${server.url}${page.path(fixture)}`, {
          redirect: "manual",
          headers: {
            "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
            ...(cookies.get(actor) ? { cookie: cookies.get(actor) } : {}),
          },
        });
        const location = response.headers.get("location");
        got[actor] = location
          ? `redirect:${new URL(location, server.url).pathname}`
          : String(response.status);
        await response.body?.cancel();
      }
      expect(got).toEqual(page.expected);
    });
  }
});
