-- Indexes for the asset list's text search (search_text LIKE '%...%', migration 003).
--
-- 1. Within departments (a sub-user's scope, the department filter): the department index
-- also carries search_text, so the search reads only those departments' index entries (an
-- index-only scan) instead of every match of the company in the table: 50 ms -> 20 ms for a
-- sub-user seeing 10% of 100,000 assets (bench/assets.ts). Same key as assets_dept_idx, which
-- it replaces.
CREATE INDEX assets_dept_search_idx ON assets (company_id, dept_id, id) INCLUDE (status, classify_id, staff_id, search_text);
DROP INDEX assets_dept_idx;

-- 2. Over the company: a trigram index. Without one, every search reads all of a company's
-- assets twice (the total, then the page), 60-110 ms on PGlite with 100,000 assets; with it,
-- only the rows holding the pattern's trigrams (bench/assets.ts). Patterns under three
-- characters have no trigram and are still answered by a scan: the planner decides.
--
-- pg_trgm ships with PostgreSQL (contrib) and PGlite (db/pglite.ts loads it), but a server
-- without contrib, or a role that may not create extensions, must still start: the index is
-- then skipped and the search is only slower. The extension goes into public, not into the
-- first schema of the search path (tests give each file a schema of its own and drop it with
-- CASCADE, which would take an extension inside it along, and other schemas' indexes with
-- it); the operator class is named with the schema the extension is really in.
DO $$
DECLARE
  trgm_schema name;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    RAISE NOTICE 'pg_trgm is not available: the asset search has no trigram index';
    RETURN;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  EXCEPTION WHEN insufficient_privilege OR invalid_schema_name OR feature_not_supported OR undefined_file THEN
    RAISE NOTICE 'pg_trgm could not be created (%): the asset search has no trigram index', SQLERRM;
    RETURN;
  END;
  SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX assets_search_trgm_idx ON assets USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END
$$;
