-- Imports written in short transactions (modules/import-export/service.ts): on PGlite's one
-- connection an import no longer holds the database for its whole write, and other requests
-- are answered between its chunks.
--
-- A new asset written by an import carries its job (assets.import_job) and is hidden from
-- every read until that job is 'success' (the publish: one short transaction). The one rule
-- is modules/assets/visibility.ts. Rows of a job that failed or was interrupted stay hidden
-- until they are deleted (in chunks, after the failure or after the next start); the job is
-- then `swept`. NULL: the row was made any other way (a form, before this migration).
ALTER TABLE assets ADD COLUMN import_job bigint;

-- Jobs that may still hold hidden rows or staged updates. Existing jobs hold neither.
ALTER TABLE import_jobs ADD COLUMN swept boolean NOT NULL DEFAULT true;
ALTER TABLE import_jobs ALTER COLUMN swept SET DEFAULT false;
-- What the visibility rule reads once per statement: the company's jobs whose rows are hidden
-- (not 'success', not yet swept), usually none or one.
CREATE INDEX import_jobs_hiding_idx ON import_jobs (company_id, id) WHERE status <> 'success' AND NOT swept;

-- The indexes the asset list counts and pages with by index-only scans (003, 004, 005) carry
-- import_job too, so the rule is checked from the index entry, without visiting the table.
-- assets_id_idx also finds a job's rows when they are swept.
DROP INDEX assets_coding_idx;
CREATE UNIQUE INDEX assets_coding_idx ON assets (company_id, asset_coding) INCLUDE (dept_id, status, classify_id, staff_id, import_job);
DROP INDEX assets_id_idx;
CREATE INDEX assets_id_idx ON assets (company_id, id) INCLUDE (dept_id, status, classify_id, staff_id, import_job);
DROP INDEX assets_dept_search_idx;
CREATE INDEX assets_dept_search_idx ON assets (company_id, dept_id, id) INCLUDE (status, classify_id, staff_id, search_text, import_job);
DROP INDEX assets_staff_idx;
CREATE INDEX assets_staff_idx ON assets (company_id, staff_id, id) INCLUDE (dept_id, import_job);
DROP INDEX assets_classify_idx;
CREATE INDEX assets_classify_idx ON assets (company_id, classify_id, id) INCLUDE (dept_id, status, import_job);
DROP INDEX assets_status_idx;
CREATE INDEX assets_status_idx ON assets (company_id, status, id) INCLUDE (dept_id, classify_id, import_job);
DROP INDEX assets_name_idx;
CREATE INDEX assets_name_idx ON assets (company_id, asset_name, id) INCLUDE (dept_id, status, classify_id, staff_id, import_job);
DROP INDEX assets_buy_date_idx;
CREATE INDEX assets_buy_date_idx ON assets (company_id, buy_date, id) INCLUDE (dept_id, status, classify_id, staff_id, import_job);
DROP INDEX assets_expiry_idx;
CREATE INDEX assets_expiry_idx ON assets (company_id, expiry_date, id) INCLUDE (dept_id, status, classify_id, staff_id, import_job);

-- An import's changes to existing assets, staged in chunks while it writes and applied in its
-- publish transaction (only if each asset still has the version the import checked), then
-- deleted. Never read by anything else.
CREATE TABLE import_updates (
  company_id       bigint NOT NULL,
  job_id           bigint NOT NULL,
  asset_id         bigint NOT NULL,
  -- The asset's version when the import checked it.
  version          integer NOT NULL,
  asset_name       text NOT NULL,
  specifications   text NOT NULL,
  unit             text NOT NULL,
  supplier         text NOT NULL,
  buy_date         date,
  buy_price        numeric(14, 2),
  loss_cycle       integer,
  dept_id          bigint,
  staff_id         bigint,
  deposit_site     text NOT NULL,
  classify_id      bigint,
  attribute_values jsonb NOT NULL,
  PRIMARY KEY (company_id, job_id, asset_id),
  FOREIGN KEY (company_id, job_id) REFERENCES import_jobs (company_id, id) ON DELETE CASCADE
);
