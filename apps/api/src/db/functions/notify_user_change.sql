-- Every change to a user is announced on the channel `user_changes` (payload: {"id": ...}) when
-- its transaction commits, whoever made it (trigger `users_notify_change`). Server processes keep
-- the users of signed-in requests in memory and drop a user's copy on this notice.
CREATE OR REPLACE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('user_changes', json_build_object('id', OLD."id")::text);
	RETURN NULL;
END;
$$;
