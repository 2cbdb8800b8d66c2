import type { InputHTMLAttributes, ReactNode } from "react";
import { FormGroup } from "./FormGroup.tsx";
import { PasswordInput } from "./PasswordInput.tsx";
import { PhoneInput } from "./PhoneInput.tsx";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** the form's id prefix, so two forms on one page never share element ids */
  form?: string;
}

/** An account form's field: the shared FormGroup around a text, e-mail, phone or password input. */
export function FormField({ name, label, error, hint, form = "f", type = "text", ...input }: Props) {
  return (
    <FormGroup id={`${form}-${name}`} label={label} error={error} hint={hint}>
      {(control) => {
        const props = { ...input, ...control, name };
        return type === "password" ? <PasswordInput {...props} /> : type === "tel" ? <PhoneInput {...props} /> : <input {...props} type={type} />;
      }}
    </FormGroup>
  );
}
