-- place_cart_order (db/functions) now replaces an earlier unpaid order itself. No table changes:
-- this migration marks the schema as newer, so a release from before it refuses the database.
SELECT 1;
