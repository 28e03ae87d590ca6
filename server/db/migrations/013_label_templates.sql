-- Label templates (modules/templates): .wdfx files kept on the server, a company's private
-- ones and the general (public) gallery every company sees.
--
-- company_id is the owner: a company (its private templates, filtered on it by every query
-- like any tenant row) or NULL for a general template (the contract's fixed owner id 0).
-- General templates are few and read-only, a reference table should the tenant tables ever
-- be distributed by company. The content is the file's XML text as it was sent, so a file of
-- another program keeps its spelling; thumbnail is the engine's 1-bit PNG of its first page
-- (NULL when it could not be rendered). gallery_key names a template of the shipped gallery
-- (its file name), so seeding at start updates it in place instead of adding it again.
CREATE TABLE label_templates (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id    bigint REFERENCES companies (id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- labelWidth and labelHeight of the file, mm.
  width_mm      double precision NOT NULL CHECK (width_mm > 0),
  height_mm     double precision NOT NULL CHECK (height_mm > 0),
  content       text NOT NULL,
  -- UTF-8 bytes of content (at most the contract's TEMPLATE_MAX_BYTES).
  content_size  integer NOT NULL CHECK (content_size >= 0),
  thumbnail     bytea,
  version       integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  gallery_key   text UNIQUE,
  created_by    bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (gallery_key IS NULL OR company_id IS NULL)
);

-- A company's list, by name (search is a substring match on lower(name); lists are small).
CREATE INDEX label_templates_owner ON label_templates (company_id, lower(name), id);

-- The label-templates permission (303, contract Permission.labelTemplates): a role holding it
-- gives its sub-users the company's template user.
ALTER TABLE roles DROP CONSTRAINT roles_permissions_check;
ALTER TABLE roles ADD CONSTRAINT roles_permissions_check
  CHECK (permissions <@ ARRAY[101, 102, 103, 104, 105, 106, 107, 108, 201, 301, 302, 303]);
