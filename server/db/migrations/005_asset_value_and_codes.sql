-- Asset value and expiry by calendar months down to the residual value, and asset codes
-- numbered per company (issue 14, "Numbers a finance department checks").
--
-- Both rules replace the spec's "lossCycle x 30 days" on purpose; README "Asset value and
-- expiry" states them for users. They live here, as SQL functions, so that every reader (the
-- list, its sort and filters, the details, the dashboard's sums, the stored expiry column)
-- uses the one rule: modules/assets/depreciation.ts only names them.

-- The end of an asset's life: the buy date plus lossCycle calendar months, on the same day
-- of the month, or the month's last day when it has none (2024-01-31 + 1 = 2024-02-29,
-- 2024-03-15 + 36 = 2027-03-15): PostgreSQL's date + interval 'N months' does exactly that.
-- A life of 0 months ends on the buy date. NULL without a buy date or a life.
-- IMMUTABLE (only pg_catalog built-ins, no time zone involved), so stored generated columns
-- may use it, and a single SELECT, so the planner inlines it. NOTE: a later change to this
-- function does not recompute the stored columns below: rewrite them then (as this file does).
CREATE FUNCTION asset_life_end(buy_date date, loss_cycle integer) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (buy_date + make_interval(months => loss_cycle))::date $$;

-- The life's end is stored (a generated column) rather than worked out on every read: the
-- list sorts and the dashboard sums the value over every visible asset, and the month
-- arithmetic made that about twice as slow on 100,000 assets. The effective expiry date
-- (migration 003) becomes the entered one, else the life's end. A generated column's
-- expression cannot be altered before PostgreSQL 17, nor refer to another generated column:
-- drop expiry_date and add both (its index goes with it and is made again).
ALTER TABLE assets DROP COLUMN expiry_date;
ALTER TABLE assets
  ADD COLUMN life_end date GENERATED ALWAYS AS (asset_life_end(buy_date, loss_cycle)) STORED,
  ADD COLUMN expiry_date date GENERATED ALWAYS AS (COALESCE(expire_date, asset_life_end(buy_date, loss_cycle))) STORED;
CREATE INDEX assets_expiry_idx ON assets (company_id, expiry_date, id) INCLUDE (dept_id, status, classify_id, staff_id);

-- The remaining (book) value on `today`, in yuan rounded to the fen (half away from zero),
-- given the buy price and date, the residual value and the life's end (the column above):
-- straight-line from the buy price on the buy date down to the residual value on the life's
-- end, day by day:
--   value = floor + (price - floor) x (lifeEnd - today) / (lifeEnd - buyDate)
--   floor = min(price, residual or 0)
-- So it never rises above the price nor falls below min(price, residual): a residual above
-- the price leaves the price (nothing to depreciate). From the life's end on it is the floor;
-- a life of 0 months ends on the buy date, i.e. the asset is written down to its residual at
-- once (what an accountant does with an item consumed on purchase: no cost is left to spread
-- over later periods). Before the buy date, and without a life's end (no buy date, or no life
-- entered: NULL) it is the price; without a price, NULL.
-- The division works to 10 decimals (the divisor's numeric(20, 10) sets the quotient's scale):
-- a quotient over at most 36,525 days (1,200 months) lies either exactly on a half fen or at
-- least 1/73,050 fen away from one, so rounding it to the fen rounds the exact fraction.
CREATE FUNCTION asset_value(price numeric, residual numeric, buy_date date, life_end date, today date)
  RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN price IS NULL THEN NULL
    WHEN life_end IS NULL THEN price
    WHEN today >= life_end THEN LEAST(price, COALESCE(residual, 0))
    WHEN today <= buy_date THEN price
    ELSE round(LEAST(price, COALESCE(residual, 0))
               + (price - LEAST(price, COALESCE(residual, 0))) * (life_end - today)
                 / (life_end - buy_date)::numeric(20, 10), 2)
  END $$;

-- Generated asset codes ('ZC' and 8 digits at least) count per company: the last number
-- handed out. modules/assets/codes.ts takes numbers by incrementing the row in the same
-- transaction as the insert, so the row lock orders concurrent writers of one company, and a
-- rolled-back insert gives its number back (no gaps). A company without a row starts at 1.
CREATE TABLE asset_code_counters (
  company_id  bigint PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  last_number bigint NOT NULL CHECK (last_number >= 0)
);
-- Codes made before came from the one asset id sequence of every company: they stay as they
-- are, and each company's counter starts after its highest such code.
INSERT INTO asset_code_counters (company_id, last_number)
SELECT company_id, max(substring(asset_coding FROM 3)::bigint)
  FROM assets
 WHERE asset_coding ~ '^ZC[0-9]{1,15}$'
 GROUP BY company_id;
