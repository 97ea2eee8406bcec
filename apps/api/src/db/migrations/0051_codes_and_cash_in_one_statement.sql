-- place_cart_order (db/functions) now also places carts with discount codes (with the new
-- discount_reading and discount_reading_basis) and cash on delivery, queueing the 'cod_code' mail.
-- No table changes: this migration marks the schema as newer, so a release from before it, which
-- would put back its own place_cart_order (ignoring a cash-on-delivery order's code and lines),
-- refuses the database, and a process of this release refuses a database not yet migrated.
SELECT 1;
