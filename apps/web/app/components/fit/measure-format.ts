import { inchesOf } from './fit-rules';
import type { Unit } from './unit-switch';

/** A length in the unit shown, to a tenth: centimetres as the chart stores them, or inches. */
export function lengthText(cm: number, unit: Unit): string {
  if (unit === 'cm') return String(Number(cm.toFixed(1)));
  return String(inchesOf(cm));
}

/** An inclusive range as the chart shows it: '71–76' (cm) or '28–30' (in). */
export function rangeText([min, max]: readonly [number, number], unit: Unit): string {
  return `${lengthText(min, unit)}–${lengthText(max, unit)}`;
}
