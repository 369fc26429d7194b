/** How long a verdict stays up before scanning resumes by itself (a tap clears it sooner). */
export const VERDICT_SHOWN_MS = 2500;

/** The shortest a person at the door takes to tap a verdict away and face the next guest. */
export const QUICKEST_NEXT_SCAN_MS = 1000;
