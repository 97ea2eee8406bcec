import type { GrievanceStatusView } from '@shop/contracts/grievances';

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Grievance times in India's time, whatever the browser's clock says: 12 Mar 2026, 3:05 pm. */
export const grievanceTime = (iso: string) => indiaDateTime.format(new Date(iso));

type Clock = GrievanceStatusView['clocks']['acknowledge'];

const clockWords: Record<Clock['state'], string> = {
  met: 'Done in time',
  late: 'Done late',
  due: 'Due',
  overdue: 'Overdue',
};
const clockTone: Record<Clock['state'], string> = {
  met: 'bg-emerald-50 text-emerald-800',
  late: 'bg-amber-50 text-amber-900',
  due: 'bg-sky-50 text-sky-900',
  overdue: 'bg-red-50 text-red-800',
};

/** One clock: its state as a badge, and when it is (or was) due or done. */
export function ClockBadge({ label, clock }: { label: string; clock: Clock }) {
  const when = clock.doneAt
    ? `${grievanceTime(clock.doneAt)} (due ${grievanceTime(clock.dueAt)})`
    : `by ${grievanceTime(clock.dueAt)}`;
  return (
    <span className="flex flex-col gap-0.5 text-sm">
      <span>
        <span className="font-medium">{label}: </span>
        <span
          data-clock-state={clock.state}
          className={`rounded px-1.5 py-0.5 text-xs font-semibold ${clockTone[clock.state]}`}
        >
          {clockWords[clock.state]}
        </span>
      </span>
      <span className="text-muted">{when}</span>
    </span>
  );
}

/** A ticket's two clocks: the 48-hour acknowledgement and the one-month resolution. */
export function GrievanceClocks({ clocks }: { clocks: GrievanceStatusView['clocks'] }) {
  return (
    <span className="flex flex-col gap-2">
      <ClockBadge label="Acknowledgement" clock={clocks.acknowledge} />
      <ClockBadge label="Resolution" clock={clocks.resolve} />
    </span>
  );
}
