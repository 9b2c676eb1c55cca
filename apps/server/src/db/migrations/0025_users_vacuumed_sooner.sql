-- Issue 11: the directory counts people from its indexes alone (index-only scans), which holds only
-- while the visibility map is current. Every hour the absence-status refresh changes the status of the
-- people whose absence starts or ends, and profile edits come on top; autovacuum's default waits for
-- 20% of the table (20,000 rows at 100,000 people, weeks of such changes). At 100,000 people, 1,821
-- changed rows made the whole company's count read 36,146 rows from the table: 45 ms, against 9.5 ms
-- once vacuumed. The table is now vacuumed once 0.5% of it has changed (the embedded database's own
-- maintenance reads the same setting: db/pglite-maintenance.ts).
ALTER TABLE "users" SET (autovacuum_vacuum_scale_factor = 0.005);
