// An opener for a form that has its own page and, with JavaScript, a dialog: without JavaScript a
// link to the page; once hydrated a button announcing the dialog, which starts fetching the
// dialog's code on intent (pointer, focus, touch) so a press rarely waits (decision 092).
import { useHydrated } from "./use-hydrated.ts";

interface Props {
  /** the form's own page, for visitors without JavaScript */
  href: string;
  className?: string;
  /** fetches the dialog's code; called on every sign of intent (the module loader keeps one request) */
  onIntent: () => void;
  onOpen: () => void;
  children: React.ReactNode;
}

export function DialogOpener({ href, className, onIntent, onOpen, children }: Props) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className={className} aria-haspopup="dialog" onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent} onClick={onOpen}>
      {children}
    </button>
  ) : (
    <a className={className} href={href}>
      {children}
    </a>
  );
}
