import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "#server/app.ts";
import { loadSettings } from "#server/config.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { verifyTestBearer } from "#server/platform/callable/test-bearer.ts";
import { testFunctions } from "#server/platform/callable/test-functions.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createServices } from "#server/platform/runtime/create-services.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";

export type TestApp = {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string;
  close(): Promise<void>;
};

/**
 * The HTTP application in this process, on an ephemeral port: an in-memory PGlite, the
 * test functions, the test bearer (`test:{userId}:{roles}`), no pages, no log output.
 */
export async function startTestApp(): Promise<TestApp> {
  const database = await openDatabase({ pgliteDir: "memory://" });
  const settings = loadSettings({
    NODE_ENV: "test",
    PGLITE_DIR: "memory://",
    APP_SECRET: "t".repeat(32),
  });
  const services = await createServices(settings, database, createLogger("silent"));
  const app = createApp({
    services,
    registry: createRegistry(testFunctions),
    verifyBearer: verifyTestBearer,
    secureTransport: false,
  });
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(0, "127.0.0.1", (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      // Streams and keep-alive sockets would hold close() open; the tests are done with them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
