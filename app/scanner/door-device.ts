const DEVICE_KEY = "door-device-id";

/**
 * A random UUID, also on a non-secure page (where `crypto.randomUUID` does not exist but
 * `crypto.getRandomValues` does): the scanner's upload path works there too.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * This browser's name at the door ("phone-3f9a1c"), kept in localStorage so every scan of
 * one phone carries the same device; a fresh one when storage is unavailable.
 */
export function doorDeviceId(storage: Pick<Storage, "getItem" | "setItem"> | null): string {
  try {
    const known = storage?.getItem(DEVICE_KEY);
    if (known) return known;
    const made = `scanner-${randomId().slice(0, 8)}`;
    storage?.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return `scanner-${randomId().slice(0, 8)}`;
  }
}
