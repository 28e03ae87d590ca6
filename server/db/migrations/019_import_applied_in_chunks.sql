-- An import's changes to existing assets, applied after its publish in short transactions
-- (modules/import-export/service.ts): on PGlite's one connection a large update file no
-- longer holds every other request for the whole apply.
--
-- apply_after: set by the publish of a job ('success') whose staged changes (import_updates)
-- are not all applied yet: those of assets with an id above it are still to be applied, in
-- ascending id order; NULL once they all are (and for every job that was never published).
-- A job left with it set by a stop is finished after the next start (import-export/sweep.ts).
ALTER TABLE import_jobs ADD COLUMN apply_after bigint;

-- The jobs whose staged changes hold their assets against other writes
-- (assets/import-hold.ts): one still importing (it may be staging), or one being applied.
-- Usually none; the check of every asset save starts here.
CREATE INDEX import_jobs_holding_idx ON import_jobs (company_id, id) WHERE status = 'importing' OR apply_after IS NOT NULL;
