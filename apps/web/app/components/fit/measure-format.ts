import type { Unit } from './unit-switch';

const CM_PER_INCH = 2.54;

/**
 * A length in the unit shown: centimetres as the chart stores them (to a tenth), inches to the
 * nearest half ('27.5'), as tapes are read.
 */
export function lengthText(cm: number, unit: Unit): string {
  if (unit === 'cm') return String(Number(cm.toFixed(1)));
  return String(Math.round((cm / CM_PER_INCH) * 2) / 2);
}

/** An inclusive range as the chart shows it: '71–76' (cm) or '28–30' (in). */
export function rangeText([min, max]: readonly [number, number], unit: Unit): string {
  return `${lengthText(min, unit)}–${lengthText(max, unit)}`;
}
