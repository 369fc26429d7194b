/** The organiser's waiting list page's forms, by `intent`. */
export const settingsIntent = "waiting-list-settings";
export const offerIntent = "waiting-list-offer";
