-- Asset transactions (issue 15; spec sections 3-7): a business record per transaction and
-- its assets (BusinessAssetList), each with the asset's status, department, user and place
-- before and after. modules/transactions writes them, in one database transaction with the
-- assets they change (all or nothing).
--
-- History outlives what it names: a record keeps the names of its department, person and
-- operator, and a line the code and name of its asset, as they were, and nothing here holds
-- a foreign key to assets, staff or departments, so deleting those (as their services allow)
-- leaves the history readable. Only the company cascades.

CREATE TABLE business_records (
  company_id       bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id               bigint GENERATED ALWAYS AS IDENTITY,
  -- Spec section 3's names: Using (receive), Borrowed, Return, Maintain, Discard (scrap), Alter.
  type             text NOT NULL CHECK (type IN ('Using', 'Borrowed', 'Return', 'Maintain', 'Discard', 'Alter')),
  business_time    timestamptz NOT NULL,
  operator_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  operator_name    text NOT NULL DEFAULT '',
  dept_id          bigint,
  dept_name        text,
  staff_id         bigint,
  staff_name       text,
  deposit_site     text NOT NULL DEFAULT '' CHECK (char_length(deposit_site) <= 100),
  reason           text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 200),
  plan_return_time timestamptz,
  -- Yuan.
  repair_cost      numeric(14, 2) CHECK (repair_cost >= 0),
  remark           text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 500),
  -- Records are never edited; the column is there so a record reads like every other (010).
  version          integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
-- The list: newest first, by type, by person.
CREATE INDEX business_records_time_idx ON business_records (company_id, business_time DESC, id DESC);
CREATE INDEX business_records_type_idx ON business_records (company_id, type, business_time DESC, id DESC);
CREATE INDEX business_records_staff_idx ON business_records (company_id, staff_id, business_time DESC, id DESC);

CREATE TABLE business_assets (
  company_id    bigint NOT NULL,
  id            bigint GENERATED ALWAYS AS IDENTITY,
  business_id   bigint NOT NULL,
  asset_id      bigint NOT NULL,
  asset_coding  text NOT NULL,
  asset_name    text NOT NULL,
  status_before smallint NOT NULL CHECK (status_before IN (2, 4, 8, 16, 32)),
  status_after  smallint NOT NULL CHECK (status_after IN (2, 4, 8, 16, 32)),
  dept_before   bigint,
  dept_name_before text,
  dept_after    bigint,
  dept_name_after text,
  staff_before  bigint,
  staff_name_before text,
  staff_after   bigint,
  staff_name_after text,
  site_before   text NOT NULL DEFAULT '',
  site_after    text NOT NULL DEFAULT '',
  -- ['status', 'affiliatedDept', 'affiliatedStaff', 'depositSite']: what this transaction changed.
  changed_fields jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(changed_fields) = 'array'),
  -- A receive, borrow or maintenance line: the asset's open line when it began, so a return
  -- that ends this one reopens that (maintenance of an asset in use: return from the repair
  -- gives it back to its user, and a later return ends the receive). A return line: the line
  -- it ended.
  prior_open_line bigint,
  ends_line     bigint,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, business_id) REFERENCES business_records (company_id, id) ON DELETE CASCADE
);
CREATE INDEX business_assets_record_idx ON business_assets (company_id, business_id, id);
-- An asset's history, newest first.
CREATE INDEX business_assets_asset_idx ON business_assets (company_id, asset_id, id DESC);

-- The line a return would end: the asset's open receive, borrow or maintenance (NULL: none;
-- then a return of an asset in use by the assignee rule gives Unused). No foreign key: the
-- line is history and the asset row is what changes.
ALTER TABLE assets ADD COLUMN open_line_id bigint;
