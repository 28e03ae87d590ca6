-- Codes an import reserved for its rows without one (assets/codes.ts) are handed back when it
-- fails: the company's code counter before and after the reservation. When the failed job is
-- swept (its hidden rows, which held those codes, deleted), the counter goes back to
-- codes_before if it still stands at codes_after, i.e. nothing took a number since; then the
-- company's next code follows its last one without a gap. NULL: the import reserved none.
ALTER TABLE import_jobs ADD COLUMN codes_before bigint, ADD COLUMN codes_after bigint;
