-- discount_reading_basis(reading jsonb): what of a discount_reading the discount rules decide on.
-- Everything but the use count, of which the rules read only whether it reached the usage limit:
-- other shoppers using a code meanwhile change nothing its rules decide until the limit is
-- reached. Two readings with the same basis price an order the same way.
CREATE OR REPLACE FUNCTION "discount_reading_basis"(reading jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
	SELECT (reading #- '{discount,times_used}') || jsonb_build_object('used_up',
		coalesce((reading->'discount'->>'times_used')::int >= (reading->'discount'->>'usage_limit')::int,
			false))
$$;
