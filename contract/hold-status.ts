/**
 * A hold's life: `active` until it becomes a booking (`converted`), its owner lets it go
 * (`released`), a new hold of the same user for the same event takes its place
 * (`replaced`), or its time runs out and the sweep frees it (`expired`).
 */
export const holdStatuses = ["active", "converted", "released", "replaced", "expired"] as const;
export type HoldStatus = (typeof holdStatuses)[number];

/** Statuses a hold ends in; each gives its tickets back except `converted` (they become tickets). */
export type HoldEnding = Exclude<HoldStatus, "active" | "converted">;
