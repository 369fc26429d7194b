import { pino } from "pino";

/**
 * Paths whose values never reach a log line: credentials, cookies, one-time codes.
 * The request log adds `req.headers` and `res.headers` at debug; handlers may log their own objects.
 */
export const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-firebase-appcheck"]',
  'req.headers["firebase-instance-id-token"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.access_token",
  "*.refresh_token",
  "*.refreshToken",
  "*.accessToken",
  "*.otp",
  "*.verificationCode",
  "*.oneTimeCode",
  "data.code",
  "*.secret",
];

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: "[redacted]" },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type Logger = pino.Logger;
