-- Pictures are read by users who see an asset carrying them (access fileCondition): every
-- GET api/File/<id> by a sub-user asks whether an asset of the company in their scope has that
-- picture. Without an index that is a scan of the company's assets per picture shown.
CREATE INDEX assets_picture_idx ON assets (company_id, picture_id) INCLUDE (dept_id) WHERE picture_id IS NOT NULL;
