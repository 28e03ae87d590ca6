-- Staged import rows (issue 14, "imports and other requests on PGlite"). An import writes its
-- checked rows here in short transactions of a few hundred rows each, so other requests get
-- the database between them (PGlite has one connection: one long transaction held every
-- request for about a second per 10,000 rows). One final transaction copies the job's rows
-- into assets (INSERT ... SELECT), marks the job finished and deletes its staged rows: until
-- that commits nothing of the file is in assets, so lists, search, the dashboard, exports and
-- counts, which read assets only, never see half an import. (On PGlite that copy still holds
-- the connection for most of the write's cost: modules/import-export/staged-write.ts.)
--
-- Why a staging table rather than a "batch" column on assets hidden until published: every
-- query on assets (about thirty, in eight modules) would need the filter, the list's
-- index-only scans would have to visit the table to read it, and changed assets would need a
-- second copy of their row beside the visible one (the code is unique). Here only the code
-- checks read the staged rows (asset_codes_in_use below), and a staged row is never an asset.
--
-- Rows are plain values: the assets' own constraints and foreign keys check them when they
-- are copied (a failure there fails the import whole). id and version name the asset a row
-- updates (NULL: a new asset); code is NULL for a new asset whose code the final transaction
-- generates (assets/codes.ts), so a failed import spends no number of the company's counter.
-- A job's rows go when it finishes, fails, or (interrupted by a stopped server) at the next
-- start; the company's leftovers are also cleared before its next import stages anything.
CREATE TABLE import_staged_assets (
  company_id       bigint NOT NULL,
  job_id           bigint NOT NULL,
  -- 0-based position among the job's rows to write, in file order (new assets get ids in it).
  seq              integer NOT NULL,
  id               bigint,
  version          integer,
  code             text,
  asset_name       text NOT NULL,
  specifications   text NOT NULL,
  unit             text NOT NULL,
  supplier         text NOT NULL,
  buy_date         date,
  buy_price        numeric,
  loss_cycle       integer,
  dept_id          bigint,
  staff_id         bigint,
  deposit_site     text NOT NULL,
  classify_id      bigint,
  attribute_values jsonb NOT NULL,
  PRIMARY KEY (company_id, job_id, seq),
  FOREIGN KEY (company_id, job_id) REFERENCES import_jobs (company_id, id) ON DELETE CASCADE
);
CREATE INDEX import_staged_assets_code_idx ON import_staged_assets (company_id, code);

-- Every code a new asset may not take: the assets' and those a running import has staged
-- (its new rows; an updated row keeps its asset's code). A form saving a code an import is
-- about to create is refused as taken, instead of making the import fail at its end.
CREATE VIEW asset_codes_in_use AS
  SELECT company_id, asset_coding FROM assets
  UNION ALL
  SELECT company_id, code FROM import_staged_assets WHERE id IS NULL AND code IS NOT NULL;
