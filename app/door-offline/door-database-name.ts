/** The device's door database (door-store.ts); `clearDoorData` deletes it whole. */
export const DOOR_DATABASE = "door-v1";
