import { useState, type FocusEvent, type PointerEvent } from 'react';

/**
 * Whether a slider should hold still: a mouse is over it, or keyboard focus is inside it. Touch
 * taps count as neither (a tapped button keeps focus and a touch leaves no "mouse leave"), so on
 * phones a tap does not stop the slider for good.
 */
export function useInteractionPause() {
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  return {
    paused: hovered || keyboardFocus,
    handlers: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(true);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(false);
      },
      onFocus: (event: FocusEvent) => {
        if (event.target instanceof Element && event.target.matches(':focus-visible')) {
          setKeyboardFocus(true);
        }
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setKeyboardFocus(false);
        }
      },
    },
  };
}
