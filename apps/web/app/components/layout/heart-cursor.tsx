import { useEffect, useRef, useState } from 'react';

const STIFFNESS = 400;
const DAMPING = 45;
const MOVING_SCALE = 0.95;
const SETTLE_MS = 150;
const MIN_WIDTH_QUERY = '(min-width: 768px) and (hover: hover) and (pointer: fine)';

/**
 * A heart that follows the mouse on screens 768 px and wider (a damped spring: stiffness 400,
 * damping 45). It shrinks to 0.95 while moving and returns to 1 after 150 ms still. Below 768 px,
 * or on touch screens, it is not rendered and the normal cursor stays.
 */
export function HeartCursor() {
  const [enabled, setEnabled] = useState(false);
  const heartRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const query = window.matchMedia(MIN_WIDTH_QUERY);
    const update = () => setEnabled(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    if (!enabled) {
      root.classList.remove('heart-cursor');
      return;
    }
    root.classList.add('heart-cursor');
    const target = { x: -100, y: -100 };
    const position = { x: -100, y: -100 };
    const velocity = { x: 0, y: 0 };
    let scale = 1;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let last = performance.now();

    const onMove = (event: MouseEvent) => {
      target.x = event.clientX;
      target.y = event.clientY;
      scale = MOVING_SCALE;
      clearTimeout(settleTimer);
      settleTimer = setTimeout(() => (scale = 1), SETTLE_MS);
    };

    const step = (now: number) => {
      const dt = Math.min((now - last) / 1000, 1 / 30);
      last = now;
      for (const axis of ['x', 'y'] as const) {
        const force = STIFFNESS * (target[axis] - position[axis]) - DAMPING * velocity[axis];
        velocity[axis] += force * dt;
        position[axis] += velocity[axis] * dt;
      }
      const heart = heartRef.current;
      if (heart) {
        heart.style.transform = `translate3d(${position.x - 12}px, ${position.y - 12}px, 0) scale(${scale})`;
      }
      frame = requestAnimationFrame(step);
    };

    window.addEventListener('mousemove', onMove, { passive: true });
    frame = requestAnimationFrame(step);
    return () => {
      window.removeEventListener('mousemove', onMove);
      cancelAnimationFrame(frame);
      clearTimeout(settleTimer);
      root.classList.remove('heart-cursor');
    };
  }, [enabled]);

  if (!enabled) return null;
  return (
    <div
      ref={heartRef}
      data-testid="heart-cursor"
      aria-hidden="true"
      className="pointer-events-none fixed left-0 top-0 z-[100] text-brand-600 will-change-transform"
      style={{ transform: 'translate3d(-100px, -100px, 0)' }}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 21s-7.5-4.6-9.8-9.1C.6 8.7 2.5 5 6.2 5c2.2 0 3.6 1.2 4.5 2.5h2.6C14.2 6.2 15.6 5 17.8 5c3.7 0 5.6 3.7 4 6.9C19.5 16.4 12 21 12 21z" />
      </svg>
    </div>
  );
}
