-- cart_stamp(cart uuid): every line of a cart (its id, product, colour, size and quantity) as one
-- value. A reading of the cart still holds while its stamp is the same: a line added, removed or
-- changed in any way changes it.
CREATE OR REPLACE FUNCTION "cart_stamp"(cart uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
	SELECT coalesce(jsonb_agg(jsonb_build_array(i."id", i."product_id", i."color_name", i."size",
		i."quantity") ORDER BY i."id"), '[]'::jsonb)
	FROM "cart_items" i WHERE i."cart_id" = cart
$$;
