import { describe, expect, it } from 'vitest';
import { bannerRuleMessages, isShowing, scheduleIssue } from '../src/banners.ts';

const at = (iso: string) => new Date(iso);

describe('banner schedule', () => {
  it('refuses an end at or before the start', () => {
    expect(scheduleIssue({ startsAt: at('2026-01-02'), endsAt: at('2026-01-01') })).toBe(
      bannerRuleMessages.endBeforeStart,
    );
    expect(scheduleIssue({ startsAt: at('2026-01-02'), endsAt: at('2026-01-02') })).toBe(
      bannerRuleMessages.endBeforeStart,
    );
    expect(scheduleIssue({ startsAt: at('2026-01-01'), endsAt: at('2026-01-02') })).toBeNull();
    expect(scheduleIssue({ startsAt: null, endsAt: at('2026-01-02') })).toBeNull();
  });

  it('shows from the start (inclusive) until the end (exclusive)', () => {
    const schedule = { startsAt: at('2026-01-01T00:00:00Z'), endsAt: at('2026-01-02T00:00:00Z') };
    expect(isShowing(schedule, at('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isShowing(schedule, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isShowing(schedule, at('2026-01-02T00:00:00Z'))).toBe(false);
    expect(isShowing({ startsAt: null, endsAt: null }, at('2030-01-01'))).toBe(true);
  });
});
