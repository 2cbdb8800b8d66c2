// A modal on React Aria's ModalOverlay/Modal/Dialog: focus moves in and is kept there, Escape and a
// click outside close it, the page behind is hidden from assistive technology and does not
// scroll, and focus returns to what opened it. It is rendered into <body> only while open; its
// content unmounts on close, so a caller that must outlive the dialog (a form's thank-you
// dialog) lives outside it. Nothing renders on the server: a modal needs JavaScript to open.
import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "./Icon.tsx";
import "./ModalDialog.css";

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}

export function ModalDialog({ open, onClose, title, children, className }: Props) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      isDismissable
    >
      <Modal className={["modal", className].filter(Boolean).join(" ")}>
        <Dialog className="modal__body">
          <Heading slot="title" className="modal__title">
            {title}
          </Heading>
          {children}
          <Button slot="close" className="icon-button modal__close">
            <Icon name="x" />
            <span className="visually-hidden">Закрыть</span>
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
