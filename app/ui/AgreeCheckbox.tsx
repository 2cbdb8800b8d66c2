// Consent checkbox (docs/behaviour.md «Forms»): the button or link it guards is disabled until the
// box is ticked; a link keeps its address aside while locked and gets it back once ticked.
// Progressive: during the server render and without JavaScript nothing is locked (the server checks
// consent anyway).
import { useState, type AnchorHTMLAttributes, type ChangeEvent, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated.ts";
import "./AgreeCheckbox.css";

export interface AgreeState {
  agreed: boolean;
  /** true only in the browser while the box is unticked */
  locked: boolean;
  setAgreed: (v: boolean) => void;
}

export function useAgree(initial = false): AgreeState {
  const hydrated = useHydrated();
  const [agreed, setAgreed] = useState(initial);
  return { agreed, locked: hydrated && !agreed, setAgreed };
}

interface CheckboxProps {
  agree: AgreeState;
  name: string;
  /** id of the guarded button or link, for aria-controls */
  controls: string;
  children: ReactNode;
  value?: string;
}

export function AgreeCheckbox({ agree, name, controls, children, value = "on" }: CheckboxProps) {
  return (
    <label className="agree-checkbox">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={agree.agreed}
        aria-controls={controls}
        onChange={(e: ChangeEvent<HTMLInputElement>) => agree.setAgreed(e.currentTarget.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

const swallow = (e: MouseEvent<HTMLAnchorElement>) => {
  e.preventDefault();
  e.stopPropagation();
};

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { agree: AgreeState; href: string; id: string };

/**
 * A link guarded by an agree checkbox. While locked it has no href (so it cannot be followed,
 * opened in a new tab or focused as a link) and swallows clicks; the address is kept in
 * data-href and restored when the box is ticked.
 */
export function AgreeLink({ agree, href, className, onClick, children, ...rest }: LinkProps) {
  if (agree.locked) {
    // without href the anchor is neither focusable nor followable; the click is swallowed too
    return (
      <a
        {...rest}
        className={[className, "agree-link--disabled"].filter(Boolean).join(" ")}
        data-href={href}
        role="link"
        aria-disabled="true"
        onClickCapture={swallow}
      >
        {children}
      </a>
    );
  }
  return (
    <a {...rest} className={className} href={href} onClick={onClick}>
      {children}
    </a>
  );
}
