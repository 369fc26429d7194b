/**
 * Every PostgreSQL advisory lock id the app takes, in one place. Session and transaction
 * advisory locks share one key space per database, so two features taking the same id
 * would wait on each other (the signing keys and the job queue once did). An id only has
 * to be the same in every instance of this app and differ from every other id here; the
 * test beside this file checks both that they are distinct and that nothing takes a lock
 * by a number of its own.
 */

/** A lock id from this file; code that takes one as a parameter types it so. */
export type AdvisoryLockId = number & { readonly __advisoryLock: true };

/** Drizzle migrations at start-up: one instance migrates, the others wait (session lock). */
export const MIGRATION_LOCK = 7_411_202_601 as AdvisoryLockId;

/** Creating or rotating the session signing keys, so instances end with one active key. */
export const SIGNING_KEY_LOCK = 7_411_202_602 as AdvisoryLockId;

/** pg-boss's schema install and queue creation, one instance at a time (session lock). */
export const JOB_QUEUE_SETUP_LOCK = 7_411_202_603 as AdvisoryLockId;

/** Creating or rotating the ticket QR signing keys, so instances end with one active key. */
export const TICKET_KEY_LOCK = 7_411_202_613 as AdvisoryLockId;

/**
 * The card checkouts' reconciliation (payments), one instance at a time: a transaction
 * lock taken with pg_try_advisory_xact_lock, so a second instance skips its turn.
 */
export const CHECKOUT_RECONCILE_LOCK = 7_411_202_624 as AdvisoryLockId;

/**
 * The refund runner (payments): sends `requested` refunds, one instance at a time (a
 * transaction lock taken with pg_try_advisory_xact_lock; the others skip their turn).
 */
export const REFUND_RUNNER_LOCK = 7_411_202_641 as AdvisoryLockId;

/**
 * The waiting rooms' leader (decision 033): gives places and moves the admission mark, one
 * instance at a time (a transaction lock taken with pg_try_advisory_xact_lock).
 */
export const WAITING_ROOM_LOCK = 7_411_202_660 as AdvisoryLockId;

/**
 * The waiting lists' worker (decision 034): settles offers and offers free tickets to the
 * next in line, one instance at a time (a transaction lock taken with
 * pg_try_advisory_xact_lock).
 */
export const WAITING_LIST_LOCK = 7_411_202_670 as AdvisoryLockId;

/**
 * Tests only (tests/support/postgres.ts): building the migrated template database that
 * test databases are copied from, one process at a time (session lock).
 */
export const TEST_TEMPLATE_LOCK = 7_411_202_650 as AdvisoryLockId;
