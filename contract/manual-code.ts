/**
 * A ticket's manual code (decision 013): what door staff type when a QR will not scan.
 * One rule for the server's door and the offline door device.
 */

/** Letters and digits door staff read and type without confusing (no 0/O, 1/I/L). */
export const manualCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const MANUAL_CODE_LENGTH = 10;

const manualCodePattern = new RegExp(`^[${manualCodeAlphabet}]{${MANUAL_CODE_LENGTH}}$`);

/** What was typed, as stored: capitals, no spaces or hyphens. */
export function normaliseManualCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Whether a normalised code has a manual code's shape (no query needed to refuse one that has not). */
export function isManualCode(normalised: string): boolean {
  return manualCodePattern.test(normalised);
}
