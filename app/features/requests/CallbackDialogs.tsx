// The callback dialog and its thank-you dialog, loaded on demand by CallbackLink (React.lazy): with
// them come the form, its Zod schema, the phone mask and React Aria's modal, none of which a page
// needs until the visitor asks for a call. After a successful send the dialog closes and, once it
// is gone (450 ms, docs/behaviour.md «Forms»), the thank-you dialog opens; both live here, because
// the form inside the first one unmounts with it.
import { useEffect, useRef, useState } from "react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { SUCCESS_DIALOG_DELAY_MS } from "../../ui/dialogs.ts";
import { CallbackForm } from "./CallbackForm.tsx";
import { SuccessDialog } from "./SuccessDialog.tsx";

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  product?: string;
}

export default function CallbackDialogs({ open, onClose, title, product }: Props) {
  const [thanks, setThanks] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      <ModalDialog open={open} onClose={onClose} title={title} className="callback-dialog">
        <CallbackForm
          inDialog
          product={product}
          onSent={() => {
            onClose();
            timer.current = window.setTimeout(() => setThanks(true), SUCCESS_DIALOG_DELAY_MS);
          }}
        />
      </ModalDialog>
      <SuccessDialog open={thanks} onClose={() => setThanks(false)} />
    </>
  );
}
