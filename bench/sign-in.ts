/**
 * node bench/sign-in.ts — password sign-in over HTTP (`POST /api/fn/accounts.signIn`), in
 * this process, on a fresh PostgreSQL database made on TEST_DATABASE_URL's server when that
 * is set (and dropped after), else an in-memory PGlite:
 *  - "refused": every request from one IP at one account, past the rate limits: what the
 *    server sustains while turning guesses away (one rate-limit row lock, no argon2);
 *  - "checked": every request from its own IP at its own unknown account, so each one
 *    passes the limits and pays for a (dummy) argon2 verify: the ceiling of real attempts.
 *   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 20)
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { createApp } from "#server/app.ts";
import { accountFunctions } from "#server/modules/accounts/accounts.functions.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { accountsKit } from "#tests/support/accounts-kit.ts";
import { createTempDatabase, testDatabaseUrl } from "#tests/support/postgres.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const temp = testDatabaseUrl ? await createTempDatabase("bench") : undefined;
const database = await openDatabase({
  databaseUrl: temp?.url,
  pgliteDir: "memory://",
  poolMax: 20,
});
const kit = await accountsKit(database);
const app = createApp({
  services: kit.services,
  registry: createRegistry(accountFunctions),
  verifyBearer: async () => null,
  secureTransport: false,
});
const server = await new Promise<Server>((resolve) => {
  const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/fn/accounts.signIn`;

async function run(title: string, body: (n: number) => { ip: string; identifier: string }) {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: "POST",
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const { ip, identifier } = body(n);
          return {
            ...request,
            headers: { "content-type": "application/json", "x-forwarded-for": ip },
            body: JSON.stringify({ data: { identifier, password: "not the password" } }),
          };
        },
      },
    ],
  });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(" ");
  console.log(
    `${title.padEnd(9)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  (${codes})`,
  );
}

console.log(`${database.kind}, ${connections} connections, ${seconds} s each`);
await run("refused", () => ({ ip: "198.51.100.1", identifier: "+447911100001" }));
await run("checked", (n) => ({
  ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  identifier: `+4479112${String(n % 100_000).padStart(5, "0")}`,
}));
server.closeAllConnections();
server.close();
await database.close();
await temp?.drop();
