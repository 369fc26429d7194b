-- Custom SQL migration (issue 27): the triggers that keep `ticket_status_counts` (tickets
-- by type and status, checkin.schema.ts) equal to the ticket rows, whichever statement
-- writes tickets (bookings, cancellations, the door, an undo, bulk SQL, cascades). Each
-- transaction adds to the rows of its own connection's shard, in key order; only the sum
-- over a type's shards means anything (a shard may go negative).
CREATE FUNCTION ticket_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_status_counts AS c (ticket_type_id, status, shard, count)
    SELECT n.ticket_type_id, n.status, pg_backend_pid() % 64, count(*)
    FROM ticket_status_counts_new n GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ticket_type_id, status, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates change no status: nothing sums to a change, nothing is written.
    INSERT INTO ticket_status_counts AS c (ticket_type_id, status, shard, count)
    SELECT d.ticket_type_id, d.status, pg_backend_pid() % 64, sum(d.delta)
    FROM (
      SELECT ticket_type_id, status, 1 AS delta FROM ticket_status_counts_new
      UNION ALL SELECT ticket_type_id, status, -1 FROM ticket_status_counts_old
    ) d GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (ticket_type_id, status, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- A type deleted with its tickets (an event's cascade) takes its counts with it.
    INSERT INTO ticket_status_counts AS c (ticket_type_id, status, shard, count)
    SELECT o.ticket_type_id, o.status, pg_backend_pid() % 64, -count(*)
    FROM ticket_status_counts_old o
    WHERE EXISTS (SELECT 1 FROM ticket_types t WHERE t.id = o.ticket_type_id)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (ticket_type_id, status, shard) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ticket_status_counts_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS ticket_status_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER ticket_status_counts_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS ticket_status_counts_old NEW TABLE AS ticket_status_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER ticket_status_counts_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS ticket_status_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_apply();--> statement-breakpoint
-- The tickets already there, counted while no one writes them.
LOCK TABLE tickets IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO ticket_status_counts (ticket_type_id, status, shard, count)
SELECT ticket_type_id, status, 0, count(*) FROM tickets GROUP BY 1, 2;
