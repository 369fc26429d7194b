/**
 * How many end-to-end files run at once (E2E_WORKERS, default 1). Each worker has its own
 * server and Stripe peer (global-setup.ts starts one per worker; worker-server.ts points a
 * file at its worker's), so a server still serves one file at a time, as with one worker.
 */
export const e2eWorkers = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? "1", 10) || 1);
