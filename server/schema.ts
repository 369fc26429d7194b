/** The one database schema: every module's tables, re-exported for Drizzle. */
export * from "./platform/platform.schema.ts";
