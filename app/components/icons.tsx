import type { ReactNode } from "react";

/** The few icons the shell needs, inline so nothing loads from elsewhere. Decorative. */
type IconProps = { size?: number };

function StrokeIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function SunIcon({ size = 20 }: IconProps) {
  return (
    <StrokeIcon size={size}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  );
}

export function MoonIcon({ size = 20 }: IconProps) {
  return (
    <StrokeIcon size={size}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </StrokeIcon>
  );
}

/** The brand's ticket mark; the same drawing as public/favicon.svg. */
export function BrandMark({ size = 32 }: IconProps) {
  const green = "var(--mantine-primary-color-filled)";
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={green} />
      <path
        d="M7 10.5a1.5 1.5 0 0 1 1.5-1.5h15a1.5 1.5 0 0 1 1.5 1.5v2.6a2.9 2.9 0 0 0 0 5.8v2.6a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 7 21.5v-2.6a2.9 2.9 0 0 0 0-5.8z"
        fill="#fff"
      />
      <path d="M19 9.5v13" stroke={green} strokeWidth="1.4" strokeDasharray="1.6 1.6" />
      <path
        d="M11 14.2l1.9 1.9 3.6-3.6"
        fill="none"
        stroke={green}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
