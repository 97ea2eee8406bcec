import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native modal <dialog> as `open` says. The browser then traps focus, closes
 * on Escape (firing `close`) and returns focus to whatever opened it.
 */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}
