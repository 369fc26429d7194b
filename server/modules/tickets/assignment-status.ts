/**
 * A passing-on: `pending` (share link sent, not claimed yet), `delivered` (straight into
 * an account), `claimed` (share link used), `undone` (taken back by the giver).
 */
export const assignmentStatuses = ["pending", "delivered", "claimed", "undone"] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];
