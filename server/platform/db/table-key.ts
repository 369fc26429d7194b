import { pgTable, uuid } from "drizzle-orm/pg-core";

/**
 * The uuid key of a table of a module above this one, by the table's name: a foreign key
 * to it without importing that module (the import would run up the layers). Drizzle
 * sees the same constraint it would see with the table itself (same generated SQL).
 */
export function uuidKeyOf(tableName: string) {
  return pgTable(tableName, { id: uuid("id").primaryKey() }).id;
}
