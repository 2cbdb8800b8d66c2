// docs/behaviour.md «Forms»: the success dialog opens 450 ms after the other dialogs are hidden, so
// one closing animation never overlaps the next dialog.
export const SUCCESS_DIALOG_DELAY_MS = 450;

/**
 * Closes every open native <dialog> (the no-JavaScript «Спасибо за обращение» notice left on the
 * page by an earlier post); returns how many were open. The React Aria modals close through their
 * owners' state: while one is open the page behind it cannot be used anyway.
 */
export function closeOpenDialogs(): number {
  const open = Array.from(document.querySelectorAll<HTMLDialogElement>("dialog[open]"));
  for (const d of open) d.close();
  return open.length;
}
