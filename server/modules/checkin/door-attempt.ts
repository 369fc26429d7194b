/**
 * One try at the door: who scans, at which event, from which device, under which `scanId`
 * (the first verdict per user and scanId is the answer to every retry). Its own file so the
 * careful path (door-scan.ts) and the one-statement admission (admit-in-one-statement.ts)
 * share it without importing each other.
 */
export type DoorAttempt = {
  eventId: string;
  staffUserId: string;
  deviceId: string;
  scanId: string;
  method: "scan" | "manual";
};
