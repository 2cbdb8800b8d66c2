import type { ReactNode } from "react";

/** Label above, the control, the error under it (DESIGN: forms); ids tie them together for screen readers. */
export function CheckoutField({
  name,
  label,
  error,
  children,
  hint,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `checkout-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <label htmlFor={id} className="form-group__label">
        {label}
      </label>
      {children({ id, className: "form-control", ...(error ? { "aria-invalid": true as const } : {}), "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="form-group__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-group__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
