import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { walletRouter } from "#server/modules/tickets/wallet/wallet.http.ts";
import type { Services } from "#server/platform/runtime/services.ts";

export type WalletRoutes = { url: string; close(): Promise<void> };

/**
 * The wallet routes on their own HTTP server. The signed-in caller comes from an
 * `x-test-user` header standing in for the page session (resolved elsewhere, tested there).
 */
export async function serveWalletRoutes(services: Services): Promise<WalletRoutes> {
  const app = express();
  app.use(
    walletRouter({
      services,
      resolveAuth: async (req) => {
        const userId = req.get("x-test-user");
        return userId ? { userId, sessionId: "s", roles: [] } : null;
      },
      secureCookies: false,
    }),
  );
  app.use(
    (error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      console.error("wallet route failed", error);
      res.status(500).end();
    },
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The files of a `.pkpass` (a zip), unpacked by Debian's `unzip` into a fresh folder. */
export function unpackPass(pkpass: Buffer): { dir: string; files: Record<string, Buffer> } {
  const dir = mkdtempSync(path.join(tmpdir(), "pkpass-"));
  writeFileSync(path.join(dir, "pass.pkpass"), pkpass);
  execFileSync("unzip", ["-q", "pass.pkpass", "-d", "out"], { cwd: dir });
  const out = path.join(dir, "out");
  return {
    dir: out,
    files: Object.fromEntries(
      readdirSync(out).map((name) => [name, readFileSync(path.join(out, name))]),
    ),
  };
}

/** The pass.json of a `.pkpass` answer. */
export async function passJsonOf(response: Response) {
  const { files } = unpackPass(Buffer.from(await response.arrayBuffer()));
  return JSON.parse(String(files["pass.json"]));
}
