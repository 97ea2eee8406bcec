export const bannerRuleMessages = {
  notFound: 'Banner not found',
  endBeforeStart: 'The end must be after the start.',
  noImage: 'Add a desktop or a mobile image.',
  reorderMismatch: 'List every banner exactly once, in the new order.',
} as const;

/** When a banner shows: from `start` (or always) until before `end` (or for ever). */
export interface BannerSchedule {
  startsAt: Date | null;
  endsAt: Date | null;
}

/** A schedule whose end is not after its start would never show: refused. */
export function scheduleIssue(schedule: BannerSchedule): string | null {
  if (schedule.startsAt && schedule.endsAt && schedule.endsAt <= schedule.startsAt) {
    return bannerRuleMessages.endBeforeStart;
  }
  return null;
}

/** Whether the schedule includes `now`: start inclusive, end exclusive. */
export function isShowing(schedule: BannerSchedule, now: Date): boolean {
  if (schedule.startsAt && now < schedule.startsAt) return false;
  if (schedule.endsAt && now >= schedule.endsAt) return false;
  return true;
}
