/**
 * Timing, geometry and wheel rules of the home page's sliders, kept free
 * of React and the DOM so they are easy to test.
 */

export const BANNER_INTERVAL_MS = 5_000;
export const BANNER_FADE_MS = 1_000;
export const FEATURED_INTERVAL_MS = 3_000;
export const FEATURED_WHEEL_STEP = 100;
export const FEATURED_WHEEL_RESET_MS = 150;
export const FEATURED_MANUAL_PAUSE_MS = 5_000;
export const FEATURED_CACHE_TTL_MS = 36e5;
/** Mobile is 768 px or narrower. */
export const MOBILE_MAX_WIDTH = 768;
export const CARD_WIDTH_DESKTOP = 265;
export const CARD_WIDTH_MOBILE = 140;

/** Index after `index` on a ring of `count` slides (auto-advance wraps round). */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

export function previousIndex(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH;

/** Cards the carousel aims to show at once: 4 at 1024 px or wider, 3 at 768 px or wider, else 2. */
export function visibleCountFor(width: number): number {
  if (width >= 1024) return 4;
  if (width >= 768) return 3;
  return 2;
}

export const cardWidthFor = (width: number) =>
  isMobileWidth(width) ? CARD_WIDTH_MOBILE : CARD_WIDTH_DESKTOP;

export interface RingGeometry {
  /** Angle between neighbouring cards, in degrees. */
  stepDeg: number;
  /** Distance of each card from the ring's axis, in px. */
  radius: number;
  /** Shown cards sit from `minOffset` to `maxOffset` steps after the current one. */
  minOffset: number;
  maxOffset: number;
  /**
   * Steps the ring is turned back so the shown cards sit evenly around the front: half a step
   * when an even number is shown (the current card just left of the middle), else none.
   */
  centerShift: number;
}

/**
 * Sizes the ring so that exactly `visible` cards face the shopper: neighbours sit 120/visible
 * degrees apart, at most 45 (so the outermost shown cards stay readable), far enough out that
 * their edges (plus `gap`) just do not touch. The current card and the ones after it are shown.
 */
export function ringGeometry(visible: number, cardWidth: number, gap = 16): RingGeometry {
  const stepDeg = Math.min(120 / visible, 45);
  const half = (stepDeg * Math.PI) / 360;
  const radius = Math.round((cardWidth / 2 + gap / 2) / Math.tan(half));
  const before = Math.floor((visible - 1) / 2);
  return {
    stepDeg,
    radius,
    minOffset: -before,
    maxOffset: visible - 1 - before,
    centerShift: (visible - 1) / 2 - before,
  };
}

/** Whether the card `offset` steps from the current one is among the shown ones. */
export const isShownOffset = (offset: number, ring: RingGeometry) =>
  offset >= ring.minOffset && offset <= ring.maxOffset;

/** The card's turn around the ring's axis, in degrees. */
export const ringAngle = (offset: number, ring: RingGeometry) =>
  (offset - ring.centerShift) * ring.stepDeg;

/** Signed shortest distance from the front card to card `index` on a ring of `count`. */
export function ringOffset(index: number, current: number, count: number): number {
  if (count <= 0) return 0;
  let offset = (((index - current) % count) + count) % count;
  if (offset > count / 2) offset -= count;
  return offset;
}

export interface WheelState {
  /** deltaY gathered since the last step. */
  accumulated: number;
  /** Time of the last wheel event, ms. */
  lastEventAt: number;
}

export const initialWheelState: WheelState = { accumulated: 0, lastEventAt: -Infinity };

/** Whether a wheel movement in this direction can move the carousel (no wrapping at the ends). */
export function canWheelStep(deltaY: number, current: number, count: number): boolean {
  if (deltaY > 0) return current < count - 1;
  if (deltaY < 0) return current > 0;
  return false;
}

/**
 * One wheel event: the accumulator starts over after 150 ms of quiet, and every whole 100 units of
 * deltaY move one card, clamped to the first and last card. The remainder carries over.
 */
export function applyWheel(
  state: WheelState,
  deltaY: number,
  now: number,
  current: number,
  count: number,
): { state: WheelState; index: number } {
  const base = now - state.lastEventAt > FEATURED_WHEEL_RESET_MS ? 0 : state.accumulated;
  let accumulated = base + deltaY;
  const steps = Math.trunc(accumulated / FEATURED_WHEEL_STEP);
  accumulated -= steps * FEATURED_WHEEL_STEP;
  const index = Math.min(Math.max(current + steps, 0), Math.max(count - 1, 0));
  // At an end the extra scroll is dropped rather than saved up against the wall.
  if (index !== current + steps) accumulated = 0;
  return { state: { accumulated, lastEventAt: now }, index };
}

/** Auto-rotation waits until a manual move's pause has run out. */
export const autoRotateAllowed = (now: number, pausedUntil: number) => now >= pausedUntil;

/** Whether a cache entry written at `timestamp` is still fresh at `now` (1 hour). */
export const cacheIsFresh = (timestamp: number, now: number) =>
  Number.isFinite(timestamp) && now - timestamp >= 0 && now - timestamp < FEATURED_CACHE_TTL_MS;
