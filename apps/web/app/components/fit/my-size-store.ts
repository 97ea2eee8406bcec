/** Where a signed-out shopper's size waits in this browser until she signs in. */
const STORAGE_KEY = 'lacebloom-my-size';
const CHANGED = 'lacebloom-my-size-changed';

export function readStoredSize(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage switched off (a private window on some browsers): nothing is remembered.
    return null;
  }
}

export function writeStoredSize(size: string | null) {
  try {
    if (size === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, size);
  } catch {
    // As above: the size then lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** This tab's own writes and other tabs' (the `storage` event) both re-read the size. */
export function subscribeToStoredSize(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}
