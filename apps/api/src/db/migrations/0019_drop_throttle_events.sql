-- Throttle counters live in throttle_counters (0018). The events of the last hour are not
-- carried over: every limit starts afresh once, at this migration.
DROP TABLE "throttle_events" CASCADE;