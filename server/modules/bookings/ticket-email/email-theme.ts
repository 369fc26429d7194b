/**
 * The tickets email's colours: the app's primary green and secondary blue (the shades of
 * app/theme-colors.ts that pass WCAG AA as text and under white text), light by default.
 * Mail apps that honour `prefers-color-scheme` get the dark block; the classes it names
 * are on the elements whose inline colours it overrides (inline styles win otherwise,
 * hence `!important`).
 */
export const emailColors = {
  green: "#237f37",
  greenTint: "#ebfbee",
  blue: "#1971c2",
  page: "#f1f3f5",
  card: "#ffffff",
  text: "#212529",
  muted: "#495057",
  border: "#dee2e6",
} as const;

export const emailFont =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .em-page { background: #101113 !important; }
  .em-card { background: #1a1b1e !important; border-color: #373a40 !important; }
  .em-text { color: #e9ecef !important; }
  .em-muted { color: #adb5bd !important; }
  .em-rule { border-color: #373a40 !important; }
  .em-band { background: #155724 !important; }
  .em-link { color: #74c0fc !important; }
  .em-tint { background: #1f2a22 !important; border-color: #373a40 !important; }
  .em-outline { color: #74c0fc !important; border-color: #74c0fc !important; }
}`;
