import type { InputHTMLAttributes, ReactNode } from "react";
import { PasswordInput } from "../../ui/PasswordInput.tsx";
import { PhoneInput } from "../../ui/PhoneInput.tsx";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** the form's id prefix, so two forms on one page never share element ids */
  form?: string;
}

/** Label above, hint and then the error under the field (BRAND.md: Forms). */
export function FormField({ name, label, error, hint, form = "f", type = "text", ...input }: Props) {
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = { ...input, id, name, className: "form-control", "aria-invalid": error ? true : undefined, "aria-describedby": described };
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <label htmlFor={id} className="form-group__label">
        {label}
      </label>
      {type === "password" ? <PasswordInput {...props} /> : type === "tel" ? <PhoneInput {...props} /> : <input {...props} type={type} />}
      {hint ? (
        <p className="form-group__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-group__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
