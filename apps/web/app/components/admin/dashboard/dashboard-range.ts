import { dashboardQuery, type DashboardQuery } from '@shop/contracts/dashboard';
import { daysBefore, indiaToday } from '@shop/domain/dashboard';

/** The ranges offered as buttons; any other is a custom `from`–`to`. */
export const presetRanges = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
] as const;
export type PresetRange = (typeof presetRanges)[number]['key'];

/**
 * The range the URL asks for: `?range=7d` (the last 7 days, today included), or `?from&to` (days
 * in India, both included; parsed with the route's own schema), else today.
 */
export function rangeFromParams(params: URLSearchParams, today = indiaToday()) {
  const preset = presetRanges.find((range) => range.key === params.get('range'));
  if (preset) {
    return { key: preset.key, query: { from: daysBefore(today, preset.days - 1), to: today } };
  }
  const parsed = dashboardQuery.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  if (parsed.success && (parsed.data.from || parsed.data.to)) {
    return { key: 'custom' as const, query: parsed.data satisfies DashboardQuery };
  }
  return { key: 'today' as const, query: { from: today, to: today } };
}
