-- Asset labels (issue 16): when each asset's label was last printed, the default label
-- template of a classification, and the token of an asset's link (<origin>/a/<token>, the
-- address a QR or Data Matrix on the label carries; modules/asset-labels).
--
-- label_printed_at is the server's time of the last POST api/AssetLabel/Printed naming the
-- asset; label_print_count counts those calls. Neither is an edit of the asset: its version
-- and updated_at stay, so a form open on the asset is not made stale by a print.
ALTER TABLE assets ADD COLUMN label_printed_at timestamptz;
ALTER TABLE assets ADD COLUMN label_print_count integer NOT NULL DEFAULT 0 CHECK (label_print_count >= 0);

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
