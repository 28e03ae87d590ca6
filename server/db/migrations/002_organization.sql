-- Organisation and access: departments, staff, roles, and the links that make a user a
-- sub-user (its staff member, its role, its custom department list).
--
-- Tenancy as in 001: every table keys on (company_id, id) and every reference between
-- tenant rows carries company_id too, so a row can only ever point into its own company.
--
-- Departments form one tree per company. The root row IS the company: it has no parent, no
-- name of its own (readers show companies.name, so renaming the company renames the root),
-- and exactly one exists per company. `path` is the materialized path of ids from the root
-- down to the row itself, '/<root>/<child>/.../<self>/': a department's sub-tree is every row
-- whose path starts with its path, which answers "this department and everything under it"
-- (the staff filter, the Dept and Custom scopes, the move rules) without a recursive query.

CREATE TABLE departments (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id         bigint GENERATED ALWAYS AS IDENTITY,
  -- NULL only for the root, whose name is the company's.
  name       text CHECK (char_length(name) BETWEEN 1 AND 50),
  parent_id  bigint,
  path       text NOT NULL CHECK (path ~ '^/([0-9]+/)+$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, parent_id) REFERENCES departments (company_id, id),
  CHECK ((parent_id IS NULL) = (name IS NULL))
);
CREATE UNIQUE INDEX departments_root_idx ON departments (company_id) WHERE parent_id IS NULL;
CREATE INDEX departments_parent_idx ON departments (company_id, parent_id);
CREATE INDEX departments_path_idx ON departments (company_id, path text_pattern_ops);

CREATE TABLE staff (
  company_id     bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id             bigint GENERATED ALWAYS AS IDENTITY,
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  position       text NOT NULL DEFAULT '' CHECK (char_length(position) <= 50),
  -- '' when none; unique within the company otherwise.
  job_number     text NOT NULL DEFAULT '' CHECK (char_length(job_number) <= 50),
  -- NULL: not in any department (seen only by admins).
  dept_id        bigint,
  working_status text NOT NULL DEFAULT 'active' CHECK (working_status IN ('active', 'inactive')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- What the list's search matches: name, job number and position, lower-cased, joined by a
  -- control character no search contains. One LIKE on it costs a third of three ILIKEs
  -- (bench/staff-list.ts); a substring search cannot use a btree index either way.
  search_text    text GENERATED ALWAYS AS (lower(name || chr(31) || job_number || chr(31) || position)) STORED,
  PRIMARY KEY (company_id, id),
  -- No cascade: a department that holds staff cannot be deleted (the service says so first).
  FOREIGN KEY (company_id, dept_id) REFERENCES departments (company_id, id)
);
-- The department filter and the scope joins; also the default order (id) within a company.
CREATE INDEX staff_dept_idx ON staff (company_id, dept_id, id);
-- Sorting a page by name or job number reads these in order instead of sorting the company.
CREATE INDEX staff_name_idx ON staff (company_id, name, id);
CREATE UNIQUE INDEX staff_job_number_idx ON staff (company_id, job_number) WHERE job_number <> '';

-- Permission codes (spec section 6): 101..108 asset, 201 inventory, 301 classification,
-- 302 organization. Kept as an array: a role's list is read whole and never queried into.
CREATE TABLE roles (
  company_id  bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id          bigint GENERATED ALWAYS AS IDENTITY,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  permissions integer[] NOT NULL DEFAULT '{}'
    CHECK (permissions <@ ARRAY[101, 102, 103, 104, 105, 106, 107, 108, 201, 301, 302]),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX roles_name_idx ON roles (company_id, lower(name));

-- A sub-user is a users row with is_admin false, linked to one staff member. Deleting the
-- staff member closes (deletes) the sub-user, and deleting a user ends its sessions (001).
-- A role still held by a sub-user cannot be deleted.
ALTER TABLE users
  ADD CONSTRAINT users_staff_fk FOREIGN KEY (company_id, staff_id) REFERENCES staff (company_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT users_role_fk FOREIGN KEY (company_id, role_id) REFERENCES roles (company_id, id);
CREATE UNIQUE INDEX users_staff_idx ON users (company_id, staff_id) WHERE staff_id IS NOT NULL;
CREATE INDEX users_role_idx ON users (company_id, role_id) WHERE role_id IS NOT NULL;

-- The departments of a 'Custom' scope; each stands for itself and its sub-tree. A department
-- listed here cannot be deleted (the service names the sub-users that hold it).
CREATE TABLE user_depts (
  company_id bigint NOT NULL,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dept_id    bigint NOT NULL,
  PRIMARY KEY (company_id, user_id, dept_id),
  FOREIGN KEY (company_id, dept_id) REFERENCES departments (company_id, id)
);
CREATE INDEX user_depts_dept_idx ON user_depts (company_id, dept_id);

-- Every existing company gets its root department (new ones get it at registration).
INSERT INTO departments (company_id, path, created_at)
  SELECT id, '/0/', created_at FROM companies;
UPDATE departments SET path = '/' || id || '/' WHERE parent_id IS NULL;

-- The seeded demo company shows every area, the VIP-only role area included.
UPDATE companies SET is_vip = true
 WHERE id IN (SELECT company_id FROM users WHERE is_demo);
