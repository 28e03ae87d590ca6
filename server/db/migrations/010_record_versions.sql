-- Record versions (issue 14, "Edits that must not be lost"): every record a user edits in a
-- form carries a version, 1 when created and one more with every write, incremented in the
-- same UPDATE that writes the change. A save names the version it was based on and is
-- written only while the row still has it (UPDATE ... WHERE company_id = $1 AND id = $2 AND
-- version = $3), so of two saves based on one version the second changes nothing and is
-- refused (code 31, "This record was changed by someone else; reload it").
--
-- Sub-users are users rows (admins carry the column too, unused). Existing rows start at 1.
-- A constant default: PostgreSQL 11+ adds the column without rewriting the table.

ALTER TABLE assets        ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE asset_classes ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE departments   ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE staff         ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE roles         ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE users         ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
