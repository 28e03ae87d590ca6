-- Inventory counts (issue 15; spec sections 3, 4 and 7: Anlageninventur, InventoryAsset).
-- An order is made for a scope (departments, classifications, places) and takes its lines
-- from the register at that moment; scans then mark lines normal, add surplus lines, and
-- finishing marks the lines still pending as shortage. modules/inventory writes all of it.
--
-- Like the business lines (012), a line keeps the asset's code, name, department, user,
-- place and classification as they were when the order was made: the count compares the
-- room with the register of that day, later moves do not rewrite it, and the list sorts on
-- plain columns. Nothing here holds a foreign key to assets, staff or departments, so
-- deleting those leaves the order readable. Only the company (and the order, for its lines
-- and scans) cascades.

CREATE TABLE inventory_orders (
  company_id     bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id             bigint GENERATED ALWAYS AS IDENTITY,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  -- Spec section 4: 2 pending (nothing counted yet), 4 in progress, 8 completed (finished with
  -- no shortage), 128 not complete (finished with shortage).
  status         smallint NOT NULL DEFAULT 2 CHECK (status IN (2, 4, 8, 128)),
  -- The scope. dept_ids: departments whose sub-trees are counted; empty only for an admin's
  -- order over the whole company. When the creator chose none, the tops of the creator's own
  -- scope are stored, so the order says what it covered. classify_ids, places: empty = any.
  dept_ids       bigint[] NOT NULL DEFAULT '{}',
  classify_ids   bigint[] NOT NULL DEFAULT '{}',
  places         text[] NOT NULL DEFAULT '{}',
  -- Some line holds an asset without a department (an admin's order): admins only see it.
  has_no_dept    boolean NOT NULL DEFAULT false,
  remark         text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 500),
  creator_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  creator_name   text NOT NULL DEFAULT '',
  -- The lines by result, kept with every write in the same transaction, so the orders list
  -- never counts a 100,000-line order.
  total_count    integer NOT NULL DEFAULT 0 CHECK (total_count >= 0),
  pending_count  integer NOT NULL DEFAULT 0 CHECK (pending_count >= 0),
  normal_count   integer NOT NULL DEFAULT 0 CHECK (normal_count >= 0),
  surplus_count  integer NOT NULL DEFAULT 0 CHECK (surplus_count >= 0),
  shortage_count integer NOT NULL DEFAULT 0 CHECK (shortage_count >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  -- The order's own changes (made, finished); scans change its counts, not its version (010).
  version        integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  PRIMARY KEY (company_id, id),
  CHECK (total_count = pending_count + normal_count + surplus_count + shortage_count)
);
-- The list: newest first; by status (the dashboard's pending figure).
CREATE INDEX inventory_orders_created_idx ON inventory_orders (company_id, created_at DESC, id DESC);
CREATE INDEX inventory_orders_status_idx ON inventory_orders (company_id, status);

CREATE TABLE inventory_lines (
  company_id    bigint NOT NULL,
  id            bigint GENERATED ALWAYS AS IDENTITY,
  order_id      bigint NOT NULL,
  -- NULL: a surplus code that names no asset the scanner sees.
  asset_id      bigint,
  -- The asset's code, or for a surplus line without an asset the scanned text (trimmed).
  asset_coding  text NOT NULL CHECK (char_length(asset_coding) BETWEEN 1 AND 500),
  asset_name    text NOT NULL DEFAULT '',
  dept_id       bigint,
  dept_name     text NOT NULL DEFAULT '',
  staff_id      bigint,
  staff_name    text NOT NULL DEFAULT '',
  deposit_site  text NOT NULL DEFAULT '',
  classify_id   bigint,
  classify_name text NOT NULL DEFAULT '',
  -- Spec section 4: 0 pending, 2 normal, 4 surplus, 8 shortage.
  result        smallint NOT NULL DEFAULT 0 CHECK (result IN (0, 2, 4, 8)),
  -- The first scan that counted the line (the device's time of the scan) and who sent it:
  -- the user's id and name as they were (no foreign key: a per-row check would cost more
  -- than the whole copy of a 100,000-line order, and the name is what the list shows).
  scanned_at    timestamptz,
  scanned_by    bigint,
  scanned_by_name text NOT NULL DEFAULT '',
  -- asset_coding and asset_name lower-cased for the keyword filter (as assets.search_text).
  search_text   text GENERATED ALWAYS AS (lower(asset_coding || chr(31) || asset_name)) STORED,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, order_id) REFERENCES inventory_orders (company_id, id) ON DELETE CASCADE
);
-- The line list pages through one order sorted by a column, ties by id, perhaps filtered by
-- result: one index per sort key, each leading with the order and carrying the result, so a
-- page's ids are read in order from the index alone and the read stops after the page
-- (bench/inventory.ts: 100,000 lines). Each index costs the copy of an order about a tenth
-- of its time; the list is what a counter waits on, many times an order.
-- The default order also carries search_text, so a keyword (search_text LIKE '%...%', the
-- total and the page) reads the order's entries of this index rather than its rows: no
-- trigram index (migration 004 has one for assets), which would cost the copy of an order
-- more than half again its time.
CREATE INDEX inventory_lines_order_idx ON inventory_lines (company_id, order_id, id) INCLUDE (result, search_text);
CREATE INDEX inventory_lines_result_idx ON inventory_lines (company_id, order_id, result, id);
-- A scan finds its line by asset, or by code (a surplus code scanned again; the code sort).
CREATE INDEX inventory_lines_asset_idx ON inventory_lines (company_id, order_id, asset_id) WHERE asset_id IS NOT NULL;
CREATE INDEX inventory_lines_coding_idx ON inventory_lines (company_id, order_id, asset_coding, id) INCLUDE (result);
CREATE INDEX inventory_lines_name_idx ON inventory_lines (company_id, order_id, asset_name, id) INCLUDE (result);
CREATE INDEX inventory_lines_dept_idx ON inventory_lines (company_id, order_id, dept_name, id) INCLUDE (result);
CREATE INDEX inventory_lines_staff_idx ON inventory_lines (company_id, order_id, staff_name, id) INCLUDE (result);
CREATE INDEX inventory_lines_site_idx ON inventory_lines (company_id, order_id, deposit_site, id) INCLUDE (result);
CREATE INDEX inventory_lines_classify_idx ON inventory_lines (company_id, order_id, classify_name, id) INCLUDE (result);
-- Latest scan first, lines never scanned last (the ascending order reads it backwards:
-- never scanned first, then the oldest).
CREATE INDEX inventory_lines_scanned_idx ON inventory_lines (company_id, order_id, scanned_at DESC NULLS LAST, id DESC) INCLUDE (result);

-- Every scan a device sent, once: the scan id is the device's UUID for it, so a scan sent
-- again (a lost reply, a sync after the network returns) is found here and answered as the
-- first time, never counted twice. Refused scans (a finished order) are not kept.
CREATE TABLE inventory_scans (
  company_id   bigint NOT NULL,
  order_id     bigint NOT NULL,
  scan_id      uuid NOT NULL,
  line_id      bigint NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('normal', 'duplicate', 'surplus')),
  scanned_text text NOT NULL CHECK (char_length(scanned_text) <= 500),
  scanned_at   timestamptz NOT NULL,
  scanned_by   bigint,
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, order_id, scan_id),
  FOREIGN KEY (company_id, order_id) REFERENCES inventory_orders (company_id, id) ON DELETE CASCADE
);
CREATE INDEX inventory_scans_line_idx ON inventory_scans (company_id, order_id, line_id);

-- The company's inventory change counter (GET api/AnlageninventurVersion): one more with
-- every order made, scanned into, finished or deleted, so a page knows its list is stale.
CREATE TABLE inventory_changes (
  company_id bigint PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  version    bigint NOT NULL DEFAULT 0
);
