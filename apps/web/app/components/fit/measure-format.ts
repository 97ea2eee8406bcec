import type { Unit } from './unit-switch';

const CM_PER_INCH = 2.54;

/** A length in the unit shown: centimetres whole, inches to the nearest half ('27.5'). */
export function lengthText(cm: number, unit: Unit): string {
  if (unit === 'cm') return String(Math.round(cm));
  return String(Math.round((cm / CM_PER_INCH) * 2) / 2);
}

/** An inclusive range as the chart shows it: '71–76' (cm) or '28–30' (in). */
export function rangeText([min, max]: readonly [number, number], unit: Unit): string {
  return `${lengthText(min, unit)}–${lengthText(max, unit)}`;
}
