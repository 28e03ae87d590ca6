-- Import jobs as a queue shared by every app instance on the database (issue 27;
-- modules/import-export/leases.ts). A running job (status 'importing', or published with
-- changes still to apply: apply_after) is held by one instance through a lease it renews
-- with a heartbeat; when an instance dies, its lease runs out and another instance takes the
-- job over (SELECT ... FOR UPDATE SKIP LOCKED), undoes what the dead one left unpublished
-- and runs the job again from the stored file.
--
-- file_data, file_suffix, classify_id: the upload and the request's options, kept while the
--   job runs so another instance can run it again; cleared when it finishes.
-- lease_owner: the instance holding the job (host:pid:random, for the log and operators).
-- lease_token: raised by every claim (1 = the instance that took the upload). Every write of
--   a job checks it in its own transaction, so an instance that lost its lease (paused, not
--   dead) cannot write after the job was taken over: a fencing token.
-- lease_expires_at: the database's clock (never an instance's): another instance may take
--   the job over after it.
-- progress_phase, progress_done, progress_total: the running job's progress, written with each
--   beat, so that any instance answers the status of a job another one runs.
ALTER TABLE import_jobs
  ADD COLUMN file_data bytea,
  ADD COLUMN file_suffix text,
  ADD COLUMN classify_id bigint,
  ADD COLUMN lease_owner text,
  ADD COLUMN lease_token integer NOT NULL DEFAULT 0,
  ADD COLUMN lease_expires_at timestamptz,
  ADD COLUMN progress_phase text,
  ADD COLUMN progress_done integer NOT NULL DEFAULT 0,
  ADD COLUMN progress_total integer NOT NULL DEFAULT 0;

-- Uploads are mostly zipped already (.xlsx): stored as they are, without a compression attempt.
ALTER TABLE import_jobs ALTER COLUMN file_data SET STORAGE EXTERNAL;

-- The claim's search: running jobs by the end of their lease (jobs from before this migration
-- have none: they are taken at once, and fail as interrupted, having no stored file).
CREATE INDEX import_jobs_lease_idx ON import_jobs (lease_expires_at) WHERE status = 'importing' OR apply_after IS NOT NULL;

-- Work every instance schedules but one should do (server/maintenance.ts): when each kind
-- last began, read and written under an advisory lock, so that N instances do it once per
-- period between them, not N times.
CREATE TABLE scheduled_work (
  name             text PRIMARY KEY,
  last_started_at  timestamptz NOT NULL
);
