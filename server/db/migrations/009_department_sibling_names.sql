-- Sibling departments have distinct names (issue 14). Two names are the same when they are
-- equal after trimming, folding runs of white space to one space, and lower-casing: 'Sales',
-- ' sales ' and 'SALES' under one parent are one name; under different parents they may
-- repeat (the import then asks for a path). The service checks first and says so in the
-- user's language; this index makes it hold when two requests race.
--
-- Databases from before may already hold such siblings. They are kept, not merged: every
-- sibling after the oldest (lowest id) of a group is renamed '<name> (<n>)', with n counting
-- up from 2 to the first number no sibling uses, and the name cut so the result fits the
-- 50-character limit of migration 002. Nothing that points at a department changes.

DO $$
DECLARE
  dup record;
  n integer;
  candidate text;
BEGIN
  FOR dup IN
    SELECT d.company_id, d.id, d.parent_id, d.name
      FROM departments d
     WHERE d.parent_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM departments o
                    WHERE o.company_id = d.company_id AND o.parent_id = d.parent_id AND o.id < d.id
                      AND lower(btrim(regexp_replace(o.name, '\s+', ' ', 'g'))) = lower(btrim(regexp_replace(d.name, '\s+', ' ', 'g'))))
     ORDER BY d.company_id, d.id
  LOOP
    n := 2;
    LOOP
      candidate := left(btrim(dup.name), 50 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM departments o
                             WHERE o.company_id = dup.company_id AND o.parent_id = dup.parent_id
                               AND o.id <> dup.id
                               AND lower(btrim(regexp_replace(o.name, '\s+', ' ', 'g'))) = lower(btrim(regexp_replace(candidate, '\s+', ' ', 'g'))));
      n := n + 1;
    END LOOP;
    UPDATE departments SET name = candidate WHERE company_id = dup.company_id AND id = dup.id;
  END LOOP;
END $$;

-- The root (parent NULL, name NULL) is one per company already (departments_root_idx).
CREATE UNIQUE INDEX departments_sibling_name_idx
  ON departments (company_id, parent_id, lower(btrim(regexp_replace(name, '\s+', ' ', 'g'))))
  WHERE parent_id IS NOT NULL;
