-- Verification-code requests by client address, for the per-address limit
-- (modules/login-limit/code-requests.ts). Every request the service sees counts, sent or
-- refused; rows older than the limit's hour are purged by the hourly maintenance.
CREATE TABLE code_requests (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip         text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX code_requests_ip_idx ON code_requests (ip, created_at);
