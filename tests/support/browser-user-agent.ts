/** A desktop browser's user agent: bots get bare error bodies, not pages. */
export const browserUA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * The screens a visitor meets first, built without Mantine's runtime and with only the part
 * of its stylesheet they draw with (decision 024, issue 28): `/`, the sign-in screens.
 */
export const firstScreens = [
  "/",
  "/login",
  "/register",
  "/password",
  "/access_to_account",
  "/new_password",
  "/sms_verify",
] as const;
