-- The asset register: classifications, stored files (asset pictures), assets, import jobs.
--
-- Tenancy as in 001 and 002: every table keys on (company_id, id) and every reference between
-- tenant rows carries company_id, so a row can only ever point into its own company.

-- A classification and its custom attributes: a JSON list of
-- {name, attributeType: 0 Text | 1 Select | 2 Date | 3 Time, items?: [text]} (spec section 3),
-- checked by modules/classifications before it is written.
CREATE TABLE asset_classes (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id         bigint GENERATED ALWAYS AS IDENTITY,
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  attributes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attributes) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX asset_classes_name_idx ON asset_classes (company_id, lower(name));

-- Uploaded files (asset pictures, at most 5 MB each, type checked by their bytes). Kept in the
-- database so a backup of the database is a backup of everything.
CREATE TABLE files (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id         bigint GENERATED ALWAYS AS IDENTITY,
  file_name  text NOT NULL CHECK (char_length(file_name) <= 255),
  mime_type  text NOT NULL,
  size       integer NOT NULL CHECK (size >= 0),
  data       bytea NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);

CREATE TABLE assets (
  company_id       bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id               bigint GENERATED ALWAYS AS IDENTITY,
  asset_coding     text NOT NULL CHECK (char_length(asset_coding) BETWEEN 1 AND 50),
  asset_name       text NOT NULL CHECK (char_length(asset_name) BETWEEN 1 AND 100),
  specifications   text NOT NULL DEFAULT '' CHECK (char_length(specifications) <= 100),
  unit             text NOT NULL DEFAULT '' CHECK (char_length(unit) <= 20),
  supplier         text NOT NULL DEFAULT '' CHECK (char_length(supplier) <= 100),
  buy_date         date,
  -- Yuan.
  buy_price        numeric(14, 2) CHECK (buy_price >= 0),
  surplus_value    numeric(14, 2) CHECK (surplus_value >= 0),
  -- Months; 0 or NULL: not depreciated.
  loss_cycle       integer CHECK (loss_cycle BETWEEN 0 AND 1200),
  expire_date      date,
  -- NULL: no department (seen only by admins, as staff without one).
  dept_id          bigint,
  staff_id         bigint,
  deposit_site     text NOT NULL DEFAULT '' CHECK (char_length(deposit_site) <= 100),
  classify_id      bigint,
  picture_id       bigint,
  epc              text NOT NULL DEFAULT '' CHECK (char_length(epc) <= 128),
  tid              text NOT NULL DEFAULT '' CHECK (char_length(tid) <= 128),
  -- {attribute name: value}, checked against the classification by modules/assets.
  attribute_values jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(attribute_values) = 'object'),
  -- The status the last transaction left (spec section 3 codes); NULL until transactions exist.
  use_status       smallint CHECK (use_status IN (2, 4, 8, 16, 32)),
  -- The effective status (spec section 4): without a transaction, an asset with a staff
  -- assignee counts as in use (4), one without as unused (2). Stored so it filters and sorts.
  status           smallint GENERATED ALWAYS AS (COALESCE(use_status, CASE WHEN staff_id IS NULL THEN 2 ELSE 4 END)) STORED,
  -- The effective expiry date: the one entered, else the day the depreciation reaches 0
  -- (buy date + loss cycle x 30 days, spec section 9); NULL without either.
  expiry_date      date GENERATED ALWAYS AS (
                     COALESCE(expire_date, CASE WHEN loss_cycle > 0 THEN buy_date + loss_cycle * 30 END)) STORED,
  -- What the list's search matches, lower-cased and joined by a control character no search
  -- contains (as staff.search_text): one LIKE instead of eight ILIKEs.
  search_text      text GENERATED ALWAYS AS (lower(
                     asset_coding || chr(31) || asset_name || chr(31) || specifications || chr(31) || unit || chr(31) ||
                     supplier || chr(31) || deposit_site || chr(31) || epc || chr(31) || tid)) STORED,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  -- No cascades: a department, staff member or classification that holds assets is not
  -- deleted (the services say so first, with the count).
  FOREIGN KEY (company_id, dept_id) REFERENCES departments (company_id, id),
  FOREIGN KEY (company_id, staff_id) REFERENCES staff (company_id, id),
  FOREIGN KEY (company_id, classify_id) REFERENCES asset_classes (company_id, id),
  FOREIGN KEY (company_id, picture_id) REFERENCES files (company_id, id)
);
-- Indexes. The list filters on department (the scope too), status, classification and user
-- and sorts by a column; each index below carries those four columns (INCLUDE), so counting
-- the matches and skipping to page 1,000 read the index alone (index-only scans: the table
-- must be vacuumed, which PGlite leaves to the server: maintenance.ts). bench/assets.ts
-- measures the list on 100,000 assets.
-- The code is the asset's key in import files: unique per company, and the upsert's target.
CREATE UNIQUE INDEX assets_coding_idx ON assets (company_id, asset_coding) INCLUDE (dept_id, status, classify_id, staff_id);
-- The default order (id), and the count of all assets.
CREATE INDEX assets_id_idx ON assets (company_id, id) INCLUDE (dept_id, status, classify_id, staff_id);
-- Filters (each also ordered by id within its value).
CREATE INDEX assets_dept_idx ON assets (company_id, dept_id, id) INCLUDE (status, classify_id, staff_id);
CREATE INDEX assets_staff_idx ON assets (company_id, staff_id, id) INCLUDE (dept_id);
CREATE INDEX assets_classify_idx ON assets (company_id, classify_id, id) INCLUDE (dept_id, status);
CREATE INDEX assets_status_idx ON assets (company_id, status, id) INCLUDE (dept_id, classify_id);
-- Sorting a page by name, buy date or expiry reads these in order instead of sorting the company.
CREATE INDEX assets_name_idx ON assets (company_id, asset_name, id) INCLUDE (dept_id, status, classify_id, staff_id);
CREATE INDEX assets_buy_date_idx ON assets (company_id, buy_date, id) INCLUDE (dept_id, status, classify_id, staff_id);
CREATE INDEX assets_expiry_idx ON assets (company_id, expiry_date, id) INCLUDE (dept_id, status, classify_id, staff_id);

-- Bulk imports (POST api/Excel). A job is 'importing' while it runs, then 'success' (the valid
-- rows were saved) or 'error' (nothing was saved). The rows are written in one transaction at
-- the end, so a job that dies leaves no asset behind; one still 'importing' when the server
-- starts was interrupted and is marked 'error' (modules/import-export). One runs per company.
CREATE TABLE import_jobs (
  company_id      bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id              bigint GENERATED ALWAYS AS IDENTITY,
  user_id         bigint REFERENCES users (id) ON DELETE SET NULL,
  file_name       text NOT NULL DEFAULT '',
  all_or_nothing  boolean NOT NULL DEFAULT false,
  status          text NOT NULL CHECK (status IN ('importing', 'success', 'error')),
  total_rows      integer NOT NULL DEFAULT 0,
  created_count   integer NOT NULL DEFAULT 0,
  updated_count   integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  error_count     integer NOT NULL DEFAULT 0,
  -- The first 1,000 problems as [{row, kind, params}], localized when read.
  errors          jsonb NOT NULL DEFAULT '[]',
  -- Why nothing was saved (an error kind of server/errors.ts), for status 'error'.
  message_kind    text,
  message_params  jsonb NOT NULL DEFAULT '{}',
  started_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz,
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX import_jobs_running_idx ON import_jobs (company_id) WHERE status = 'importing';
