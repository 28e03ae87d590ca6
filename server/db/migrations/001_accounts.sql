-- Accounts: companies (tenants), their users, sessions, verification codes, login attempts.
--
-- Tenancy: every tenant-owned row carries company_id and every query filters on it, so the
-- tenant tables can later be distributed by company_id (Citus-style). Later tenant tables
-- (departments, staff, roles, assets, ...) key on (company_id, id) for that reason; the root
-- department of a company is the company itself, so departments need no row for it.
-- users is the exception that stays global: login looks an account up by phone or email
-- across all companies, hence the global unique constraints on phone and email.
--
-- All times are timestamptz written by the server from its clock (tests inject one);
-- the column defaults only cover rows written by hand.

CREATE TABLE companies (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  is_vip     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id    bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Digits only: 1 and 10 to 14 more (an entered leading + is dropped); NULL for an email account.
  phone         text UNIQUE CHECK (phone ~ '^1[0-9]{10,14}$'),
  -- Lower-cased; NULL for a phone account.
  email         text UNIQUE CHECK (email = lower(email) AND char_length(email) <= 254),
  -- 'scrypt$N$r$p$salt$hash' of the client's upper-case hex MD5 (modules/accounts/password.ts).
  password_hash text NOT NULL,
  is_admin      boolean NOT NULL DEFAULT false,
  is_demo       boolean NOT NULL DEFAULT false,
  -- A disabled user can neither log in nor use a session it already holds.
  enabled       boolean NOT NULL DEFAULT true,
  -- The staff member this login belongs to (sub-users); the staff table comes later.
  staff_id      bigint,
  role_id       bigint,
  -- Asset authorization scope (spec section 3); 'Custom' lists departments in a later table.
  auth_scope    text NOT NULL DEFAULT 'All' CHECK (auth_scope IN ('All', 'Dept', 'Custom')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (phone IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX users_company_idx ON users (company_id);

-- Only the SHA-256 of a session token is stored: a leaked table opens no session.
CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id   bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- min(last_seen_at + idle timeout, created_at + absolute lifetime)
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- One row per code sent. Only the newest code of a target and purpose is valid; rows also
-- count the codes sent to a target for the resend limits.
CREATE TABLE verification_codes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target     text NOT NULL,
  channel    text NOT NULL CHECK (channel IN ('email', 'sms')),
  purpose    text NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash  text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Wrong codes tried against this row; 5 invalidate it.
  attempts   integer NOT NULL DEFAULT 0,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, created_at);

-- Login attempts, for the failure limits per account and per client address.
CREATE TABLE login_attempts (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account    text NOT NULL,
  ip         text NOT NULL,
  succeeded  boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_account_idx ON login_attempts (account, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);
