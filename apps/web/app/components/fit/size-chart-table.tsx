import { useState } from 'react';
import type { SizeChartData } from '@shop/domain/size-charts';
import { UnitSwitch, type Unit } from './unit-switch';
import { rangeText } from './measure-format';

type Row = SizeChartData['rows'][number];

const COLUMNS = {
  bra: [
    ['underbustCm', 'Under-bust'],
    ['bustCm', 'Bust'],
  ],
  letter: [
    ['bustCm', 'Bust'],
    ['waistCm', 'Waist'],
    ['hipCm', 'Hip'],
  ],
} as const;

type RangeKey = (typeof COLUMNS)[keyof typeof COLUMNS][number][0];

function rangeOf(row: Row, key: RangeKey): readonly [number, number] | undefined {
  return (row as Partial<Record<RangeKey, readonly [number, number]>>)[key];
}

/**
 * A chart's rows as a table, in inches or centimetres (inches first: Indian tapes and guides
 * read in inches). Ranges are inclusive, as the chart stores them.
 */
export function SizeChartTable({ chart, caption }: { chart: SizeChartData; caption?: string }) {
  const [unit, setUnit] = useState<Unit>('in');
  const columns = COLUMNS[chart.kind];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">{caption ?? chart.name}</p>
        <UnitSwitch unit={unit} onChange={setUnit} label="Chart units" />
      </div>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-left text-sm" data-testid="size-chart-table">
          <caption className="sr-only">
            {chart.name}, in {unit === 'in' ? 'inches' : 'centimetres'}
          </caption>
          <thead className="bg-blush text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-3 py-2">
                Size
              </th>
              {columns.map(([key, label]) => (
                <th key={key} scope="col" className="px-3 py-2 whitespace-nowrap">
                  {label} ({unit})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 font-medium">
                  {row.size}
                </th>
                {columns.map(([key]) => {
                  const range = rangeOf(row, key);
                  return (
                    <td key={key} className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                      {range ? rangeText(range, unit) : '–'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
