import type { PlatformFee } from "#contract/pricing.ts";

/** No booking fee: what a caller without the server's settings (a test, a script) shows. */
export const noPlatformFee: PlatformFee = { percent: 0, fixedMinor: 0 };

/**
 * The booking fee from the server's settings (PLATFORM_FEE_PERCENT, PLATFORM_FEE_FIXED_MINOR,
 * both defaulting to 0). The same for every visitor, so pages showing all-in prices stay
 * shareable by the anonymous page cache.
 */
export function platformFeeOf(settings: {
  PLATFORM_FEE_PERCENT?: number | undefined;
  PLATFORM_FEE_FIXED_MINOR?: number | undefined;
}): PlatformFee {
  return {
    percent: settings.PLATFORM_FEE_PERCENT ?? 0,
    fixedMinor: settings.PLATFORM_FEE_FIXED_MINOR ?? 0,
  };
}
