-- An order whose lines are still being written (modules/inventory/create.ts): the lines of a
-- large order are copied in chunks of short transactions, so that on PGlite's one connection
-- other requests are answered meanwhile. Until the last chunk is written the order is
-- `preparing` and seen by no one; a failed creation deletes it, and one left by a process
-- that stopped meanwhile is deleted at the next start.
ALTER TABLE inventory_orders ADD COLUMN preparing boolean NOT NULL DEFAULT false;
