import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type BusinessPlan,
  type BusinessStatus,
  type BusinessType,
  businessPlans,
  businessStatuses,
} from "#contract/business-options.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { oneOf } from "#server/platform/db/sql-values.ts";

/**
 * An organiser that sells tickets. One owner (the user who applied) per business and,
 * for now, one business per owner (decision 008).
 */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    type: text("type").$type<BusinessType>().notNull(),
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email").notNull(),
    address: text("address").notNull(),
    description: text("description").notNull().default(""),
    /** Whether paid bookings get numbered invoices (invoices module), with this tax id. */
    invoicesEnabled: boolean("invoices_enabled").notNull().default(false),
    taxId: text("tax_id"),
    plan: text("plan").$type<BusinessPlan>().notNull().default("free"),
    status: text("status").$type<BusinessStatus>().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("businesses_owner").on(t.ownerId),
    check("businesses_plan_known", oneOf(t.plan, businessPlans)),
    check("businesses_status_known", oneOf(t.status, businessStatuses)),
  ],
);

/** Every plan change, as the billing provider recorded it (the audit trail of upgrades). */
export const planChanges = pgTable(
  "plan_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    fromPlan: text("from_plan").$type<BusinessPlan>().notNull(),
    toPlan: text("to_plan").$type<BusinessPlan>().notNull(),
    /** The billing provider's name, e.g. `recorded` (the built-in one). */
    provider: text("provider").notNull(),
    /** The provider's reference for the change (an invoice or subscription id). */
    reference: text("reference").notNull(),
    changedBy: uuid("changed_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("plan_changes_business").on(t.businessId, t.createdAt)],
);
