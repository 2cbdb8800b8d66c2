import { ModalDialog } from "../../ui/ModalDialog.tsx";

export const SUCCESS_TITLE = "Спасибо за обращение";
export const SUCCESS_TEXT = "Мы свяжемся с вами в ближайшее время";

/** Shown after a form is accepted (JavaScript path). */
export function SuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title={SUCCESS_TITLE} className="success-dialog">
      <p className="success-dialog__text">{SUCCESS_TEXT}.</p>
    </ModalDialog>
  );
}

/**
 * The same message after a post without JavaScript: an already open, non-modal <dialog> whose
 * «Закрыть» button closes it natively (form method="dialog"), no script needed.
 */
export function SentNotice({ id }: { id?: string }) {
  return (
    <dialog open className="sent-notice" aria-labelledby="sent-notice-title" id={id}>
      <h2 id="sent-notice-title" className="sent-notice__title">
        {SUCCESS_TITLE}
      </h2>
      <p>{SUCCESS_TEXT}.</p>
      <form method="dialog">
        <button type="submit" className="button button--ghost">
          Закрыть
        </button>
      </form>
    </dialog>
  );
}
