/** The event page's waiting list forms, by `intent`: join (or change the number), leave. */
export const joinIntent = "waiting-list-join";
export const leaveIntent = "waiting-list-leave";

/** The organiser's waiting list page's forms, by `intent`. */
export const settingsIntent = "waiting-list-settings";
export const offerIntent = "waiting-list-offer";
