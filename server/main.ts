import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, type Pages } from "./app.ts";
import { loadSettings, type Settings, SettingsError } from "./config.ts";
import { appFunctions, membershipResolvers, realtimeTopicSources } from "./functions.ts";
import { withApiKeys } from "./modules/api-keys/api-key-bearer.ts";
import { startAttendeeMessageWorker } from "./modules/attendee-messages/attendee-message-worker.ts";
import {
  BOOKING_TICKETS_EMAIL,
  ticketEmailComposer,
} from "./modules/bookings/ticket-email/ticket-email-composer.ts";
import { flushDoorAnnouncements } from "./modules/checkin/door-announcements.ts";
import { seedDemoOnFirstStart } from "./modules/demo/demo-on-start.ts";
import { startEventReminders } from "./modules/events/event-reminders.ts";
import { startHoldSweep } from "./modules/holds/hold-sweep.ts";
import { startNoticeWorker } from "./modules/notifications/notice-fanout.ts";
import { startCheckoutReconciliation } from "./modules/payments/checkout-reconciliation.ts";
import { paymentDepsOf } from "./modules/payments/payment-deps.ts";
import { paymentWebhookRouter } from "./modules/payments/payment-webhook.http.ts";
import { startRefundRunner } from "./modules/payments/refund-runner.ts";
import { externalSignInRoutes } from "./modules/profile/oidc/oidc-routes.ts";
import { startWalletSync } from "./modules/tickets/wallet/wallet-sync.ts";
import { startWaitingListWorker } from "./modules/waiting-list/waiting-list-worker.ts";
import { startWaitingRoomLeader } from "./modules/waiting-room/room-leader.ts";
import { webhooksReachPrivateNetworks } from "./modules/webhooks/private-addresses.ts";
import { startWebhookWorker } from "./modules/webhooks/webhook-worker.ts";
import {
  liveSessionCheck,
  pageAuthResolver,
  refreshTokenRouter,
} from "./platform/auth/auth-http.ts";
import type { BearerVerifier } from "./platform/callable/callable-router.ts";
import type { AnyFunctionDefinition } from "./platform/callable/define-function.ts";
import { startIdempotencyPurge } from "./platform/callable/idempotency-purge.ts";
import { createRegistry } from "./platform/callable/registry.ts";
import { openDatabase } from "./platform/db/database.ts";
import { createRealtimeHub } from "./platform/realtime/realtime-hub.ts";
import { realtimeStreamRouter } from "./platform/realtime/stream-router.ts";
import { createServices } from "./platform/runtime/create-services.ts";
import { createLogger, type Logger } from "./platform/runtime/logger.ts";
import { isPrimaryOfMany, runWorkerProcesses } from "./platform/runtime/worker-processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** BUILD_DIR lets several builds live side by side (e.g. parallel test runs); default build/. */
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverBuildFile = path.join(buildDir, "server/index.js");

async function loadPages(settings: Settings): Promise<Pages> {
  if (settings.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true } });
    const load = () =>
      devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    const build = await load();
    return {
      build: load,
      contextKey: contextKeyOf(build),
      devMiddleware: devServer.middlewares,
      mode: "development",
    };
  }
  if (!existsSync(serverBuildFile)) {
    throw new SettingsError(`No build at ${serverBuildFile}: run \`npm run build\` first.`);
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return {
    build,
    contextKey: contextKeyOf(build),
    clientDir: path.join(buildDir, "client"),
    mode: "production",
  };
}

function contextKeyOf(build: ServerBuild): Pages["contextKey"] {
  const key = (build.entry.module as { serverContext?: Pages["contextKey"] }).serverContext;
  if (!key) throw new Error("app/entry.server.tsx must export serverContext");
  return key;
}

async function functionsFor(
  settings: Settings,
  verifyAccessOrKey: BearerVerifier,
): Promise<{
  functions: readonly AnyFunctionDefinition[];
  verifyBearer: BearerVerifier;
}> {
  if (settings.NODE_ENV !== "test") {
    return { functions: appFunctions, verifyBearer: verifyAccessOrKey };
  }
  const { testFunctions } = await import("./platform/callable/test-functions.ts");
  const { paymentTestFunctions } = await import("./modules/payments/payments-test.functions.ts");
  const { webhookTestFunctions } = await import("./modules/webhooks/webhooks-test.functions.ts");
  const { verifyTestBearer } = await import("./platform/callable/test-bearer.ts");
  return {
    functions: [
      ...appFunctions,
      ...testFunctions,
      ...paymentTestFunctions,
      ...webhookTestFunctions,
    ],
    // Tests may also use `test:{userId}:{roles}` bearers; access tokens and keys work as well.
    verifyBearer: (token) =>
      token.startsWith("test:") ? verifyTestBearer(token) : verifyAccessOrKey(token),
  };
}

export async function startServer(settings: Settings, log: Logger) {
  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    pgliteDir: settings.PGLITE_DIR,
    poolMax: settings.DB_POOL_MAX,
  });
  // Set once the delivery workers run, so a failed start and the shutdown both stop them.
  let stopMessages = async () => {};
  let stopRealtime = async () => {};
  try {
    await seedDemoOnFirstStart(settings, database, log);
    const services = await createServices(settings, database, log);
    services.messages.addComposer(BOOKING_TICKETS_EMAIL, ticketEmailComposer(services));
    await services.messages.start();
    stopMessages = () => services.messages.stop();
    const realtime = createRealtimeHub(database, log);
    await realtime.start();
    stopRealtime = () => realtime.stop();
    // API keys (`tk_live_…`, decision 038) beside access tokens, on every bearer.
    const verifyAccessOrKey = withApiKeys((token) => services.auth.verifyAccessToken(token), {
      db: database.db,
      rateLimiter: services.rateLimiter,
      log,
    });
    const { functions, verifyBearer } = await functionsFor(settings, verifyAccessOrKey);
    const secureTransport = settings.PUBLIC_URL.startsWith("https://");
    const app = createApp({
      services,
      registry: createRegistry(functions, { membership: membershipResolvers }),
      verifyBearer,
      authRoutes: externalSignInRoutes(services),
      isSignedIn: liveSessionCheck(services.auth),
      resolveAuth: pageAuthResolver(services.auth),
      jwks: () => services.auth.publicJwks(),
      apiRoutes: [
        // Stripe's events: a raw body (no JSON parser runs before it), signature checked.
        paymentWebhookRouter(services),
        refreshTokenRouter({
          auth: services.auth,
          rateLimiter: services.rateLimiter,
          secureCookies: secureTransport,
        }),
        realtimeStreamRouter({
          hub: realtime,
          sessionsForTokens: (tokens) => services.auth.sessionsForTokens(tokens),
          topicSources: realtimeTopicSources(database.db),
          log,
        }),
      ],
      secureTransport,
      testMode: settings.NODE_ENV === "test",
      pages: await loadPages(settings),
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(settings.PORT, settings.HOST, (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
    server.keepAliveTimeout = 65_000;
    // Frees expired holds' tickets; every instance runs it (SKIP LOCKED), see decision 009.
    const stopHoldSweep = startHoldSweep(database.db, log, settings.HOLD_SWEEP_SECONDS);
    // Deletes Idempotency-Keys past their day (decision 038); every instance (SKIP LOCKED).
    const idempotencyPurge = startIdempotencyPurge(database.db, log);
    // Gives waiting rooms' places and admits people; every instance runs it, one leads (decision 033).
    const stopWaitingRooms = startWaitingRoomLeader(database.db, log, settings);
    // Offers tickets that came back to the next in line; every instance runs it, one works (decision 034).
    const stopWaitingLists = startWaitingListWorker(database.db, log, settings, {
      messages: services.messages,
      publicUrl: settings.PUBLIC_URL,
    });
    // Delivers attendee messages batch by batch; every instance runs it (SKIP LOCKED), decision 023.
    const attendeeMessageWorker = startAttendeeMessageWorker(database.db, log, {
      messages: services.messages,
      publicUrl: settings.PUBLIC_URL,
    });
    // Tells many people one thing (events moved or cancelled, reminders), batch by batch.
    const noticeWorker = startNoticeWorker(database.db, log, {
      messages: services.messages,
      publicUrl: settings.PUBLIC_URL,
    });
    // Delivers webhooks, signed, with retries for 3 days; every instance (SKIP LOCKED), decision 039.
    const webhookWorker = startWebhookWorker(database.db, {
      messages: services.messages,
      publicUrl: settings.PUBLIC_URL,
      log,
      schedule: { timeoutSeconds: settings.WEBHOOK_TIMEOUT_SECONDS },
      privateNetworks: webhooksReachPrivateNetworks(settings),
    });
    // Starts each event's reminder 24 hours ahead (every instance; the event row is claimed).
    const reminders = startEventReminders(database.db, log);
    // Tells the configured wallets of passes that changed (Apple: APNs push; Google: closes objects).
    const stopWalletSync = startWalletSync(database.db, log, settings);
    // Settles card checkouts a webhook never settled, one instance at a time (decision 028).
    const stopCheckoutReconciliation = startCheckoutReconciliation(
      paymentDepsOf(services),
      log,
      settings.CHECKOUT_RECONCILE_SECONDS,
    );
    // Sends refunds recorded but not yet sent (an event's cancellation, a crash), one
    // instance at a time, each with its key: exactly once at the provider.
    const refundRunner = startRefundRunner(
      paymentDepsOf(services),
      log,
      settings.REFUND_RUNNER_SECONDS,
    );
    // What a previous process left unsent goes soon after the start, not a period later.
    refundRunner.wake(1000);
    const close = async () => {
      await reminders.stop();
      await refundRunner.stop();
      await stopHoldSweep();
      await idempotencyPurge.stop();
      await stopWaitingRooms();
      await stopWaitingLists();
      await stopCheckoutReconciliation();
      await stopWalletSync();
      await attendeeMessageWorker.stop();
      await noticeWorker.stop();
      await webhookWorker.stop();
      // Admissions of the last quarter second, told to the desks before the pool closes.
      await flushDoorAnnouncements(database.db);
      await stopRealtime();
      await stopMessages();
      await database.close();
    };
    return { server, database, close };
  } catch (error) {
    await stopRealtime();
    await stopMessages();
    await database.close();
    throw error;
  }
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database. */
function shutdownOnSignals(server: Server, close: () => Promise<void>, log: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.warn("in-flight requests did not finish in time; closing them");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      await close();
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(settings.LOG_LEVEL);
  if (isPrimaryOfMany(settings.WEB_CONCURRENCY)) {
    runWorkerProcesses(settings.WEB_CONCURRENCY, log);
    return;
  }
  try {
    const { server, database, close } = await startServer(settings, log);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : settings.PORT;
    log.info({ port, database: database.kind }, `listening on http://localhost:${port}`);
    shutdownOnSignals(server, close, log);
  } catch (error) {
    if (error instanceof SettingsError || (error as Error).name === "DatabaseInUseError") {
      log.fatal((error as Error).message);
    } else {
      log.fatal({ err: error }, "could not start");
    }
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
