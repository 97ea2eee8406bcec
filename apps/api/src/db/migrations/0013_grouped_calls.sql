-- Group commit for the embedded database: the orders placed (and the payments settled) while an
-- earlier group runs are sent together, as one statement. Each call runs in a subtransaction of its
-- own, so one that fails (stock short, a unique key met) takes back only its own writes and answers
-- its error; the others' stand. Answers one entry per call, in the order given:
-- { "ok": <the function's answer> } or { "error": { code, message, detail, constraint } }.
CREATE FUNCTION "grouped_call_error"(code text, message text, detail text, constraint_name text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT jsonb_build_object('error', jsonb_strip_nulls(jsonb_build_object(
		'code', code, 'message', message, 'detail', nullif(detail, ''),
		'constraint', nullif(constraint_name, ''))));
$$;--> statement-breakpoint
CREATE FUNCTION "place_orders"(ps jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	p jsonb;
	answers jsonb[] := '{}';
	code text;
	message text;
	detail text;
	constraint_name text;
BEGIN
	FOR p IN SELECT e.value FROM jsonb_array_elements(ps) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
		BEGIN
			answers := answers || jsonb_build_object('ok', place_order(p));
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
				detail = PG_EXCEPTION_DETAIL, constraint_name = CONSTRAINT_NAME;
			answers := answers || grouped_call_error(code, message, detail, constraint_name);
		END;
	END LOOP;
	RETURN to_jsonb(answers);
END;
$$;--> statement-breakpoint
-- Each entry: { provider_order_id, provider_payment_id, method, user_id }, settle_payment's arguments.
CREATE FUNCTION "settle_payments"(ps jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	p jsonb;
	answers jsonb[] := '{}';
	code text;
	message text;
	detail text;
	constraint_name text;
BEGIN
	FOR p IN SELECT e.value FROM jsonb_array_elements(ps) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
		BEGIN
			answers := answers || jsonb_build_object('ok', settle_payment(p->>'provider_order_id',
				p->>'provider_payment_id', p->>'method', (p->>'user_id')::uuid));
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
				detail = PG_EXCEPTION_DETAIL, constraint_name = CONSTRAINT_NAME;
			answers := answers || grouped_call_error(code, message, detail, constraint_name);
		END;
	END LOOP;
	RETURN to_jsonb(answers);
END;
$$;
