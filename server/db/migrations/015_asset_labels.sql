-- Asset labels (issue 16): when each asset's label was last printed, the default label
-- template of a classification, and the token of an asset's link (<origin>/a/<token>, the
-- address a QR or Data Matrix on the label carries; modules/asset-labels).
--
-- When each asset's label was last printed (the server's time of the last POST
-- api/AssetLabel/Printed naming it) and how many times, in a table of its own rather than
-- columns of assets: a print records up to 5,000 assets at once, and an UPDATE of assets
-- rewrites each row with its dozen indexes (10 to 40 times the cost, measured on PGlite) and
-- would wake every query on assets. A print is not an edit of the asset: its version and
-- updated_at stay, so a form open on the asset is not made stale by a print. The row goes
-- with its asset.
CREATE TABLE asset_label_prints (
  company_id  bigint NOT NULL,
  asset_id    bigint NOT NULL,
  printed_at  timestamptz NOT NULL,
  print_count integer NOT NULL DEFAULT 1 CHECK (print_count >= 1),
  PRIMARY KEY (company_id, asset_id),
  FOREIGN KEY (company_id, asset_id) REFERENCES assets (company_id, id) ON DELETE CASCADE
);

-- 128 random bits of a version 4 UUID (122 of them random), as 22 base64url characters: a
-- link cannot be guessed from an asset's id or code, nor from another link. A volatile
-- default: adding the column gives every existing asset its own token (the table is
-- rewritten once), and every insert (form, import) gets a fresh one. Unique within the
-- company, which every lookup names (the session's).
ALTER TABLE assets ADD COLUMN link_token text NOT NULL
  DEFAULT rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
  CHECK (link_token ~ '^[A-Za-z0-9_-]{22}$');
CREATE UNIQUE INDEX assets_link_token_idx ON assets (company_id, link_token);

-- The template a classification's assets are printed with by default. A private template of
-- the same company or a general one (checked by the service); deleting the template clears it.
ALTER TABLE asset_classes ADD COLUMN default_template_id bigint REFERENCES label_templates (id) ON DELETE SET NULL;
