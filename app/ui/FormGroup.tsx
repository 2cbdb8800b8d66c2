// One form group for every form of the shop (docs/behaviour.md «Look»): the label above, the
// control, the hint and then the error under it, tied to the control by ids so screen readers
// announce them. The control is drawn by the caller from the props handed to it, so a text input, a
// masked phone, a password with its eye button, a select or a textarea all get the same wiring.
import type { ReactNode } from "react";

export interface FormControlProps {
  id: string;
  className: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  "aria-describedby"?: string;
}

interface Props {
  /** the control's id; the hint and error ids are derived from it */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** "success" marks a group that passed a check (the callback and feedback forms) */
  status?: "idle" | "success";
  /** something beside the label, such as a character counter */
  extra?: ReactNode;
  children: (control: FormControlProps) => ReactNode;
}

export function FormGroup({ id, label, error, hint, required, status = "idle", extra, children }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const state = error ? "error" : status;
  return (
    <div className={`form-group form-group--${state}`}>
      <div className="form-group__head">
        <label htmlFor={id} className="form-group__label">
          {label}
          {required ? (
            <span className="form-group__required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </label>
        {extra}
      </div>
      {children({
        id,
        className: "form-control",
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(required ? { "aria-required": true as const } : {}),
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p id={hintId} className="form-group__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-group__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
