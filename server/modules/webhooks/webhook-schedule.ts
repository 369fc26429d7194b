import { WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_TIMEOUT_SECONDS } from "#contract/webhooks.ts";

/**
 * Seconds to wait after a failed attempt, by the number of attempts made so far (the
 * last one repeats): 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h. Attempts stop at the end
 * of the retry window (3 days after the event or "send again"), with one last attempt
 * then, so a failing endpoint is tried about a dozen times.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000];

export type WebhookSchedule = {
  retryDelaysSeconds: number[];
  windowSeconds: number;
  /** An attempt not answered by then is aborted and fails. */
  timeoutSeconds: number;
};

export const defaultWebhookSchedule: WebhookSchedule = {
  retryDelaysSeconds: WEBHOOK_RETRY_DELAYS_SECONDS,
  windowSeconds: WEBHOOK_RETRY_WINDOW_HOURS * 3600,
  timeoutSeconds: WEBHOOK_TIMEOUT_SECONDS,
};

/** The wait after `attempts` failed attempts. */
export function retryDelaySeconds(schedule: WebhookSchedule, attempts: number): number {
  const delays = schedule.retryDelaysSeconds;
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 0;
}

/**
 * How long a claimed delivery stays claimed: longer than an attempt can last (it is
 * aborted at the timeout), so two workers never send it at once; a worker killed
 * mid-attempt leaves it to be tried again once this lapses.
 */
export function leaseSeconds(schedule: WebhookSchedule): number {
  return schedule.timeoutSeconds + 5;
}
