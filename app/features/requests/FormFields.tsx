// Form groups (DESIGN: label above, hint under it, the error under that): each reads its error,
// success mark and the value to show again from the surrounding AjaxForm.
import { useState } from "react";
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { FormGroup } from "../../ui/FormGroup.tsx";
import { PhoneInput } from "../../ui/PhoneInput.tsx";
import { useFormField } from "./AjaxForm.tsx";

type Field = ReturnType<typeof useFormField>;

/** The shared group's props from the surrounding AjaxForm's state for one field. */
const groupOf = (f: Field) => ({ id: f.id, error: f.error, status: f.status === "success" ? ("success" as const) : ("idle" as const) });

interface TextProps {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  type?: "text" | "email";
  autoComplete?: string;
  maxLength?: number;
}

export function TextField({ name, label, hint, required, type = "text", autoComplete, maxLength }: TextProps) {
  const f = useFormField(name);
  return (
    <FormGroup {...groupOf(f)} label={label} hint={hint} required={required}>
      {(control) => <input {...control} name={name} type={type} autoComplete={autoComplete} maxLength={maxLength} defaultValue={f.defaultValue} />}
    </FormGroup>
  );
}

export function PhoneField({ name = "phone", label = "Телефон", required, hint }: { name?: string; label?: string; required?: boolean; hint?: string }) {
  const f = useFormField(name);
  return (
    <FormGroup {...groupOf(f)} label={label} hint={hint} required={required}>
      {(control) => <PhoneInput {...control} name={name} defaultValue={f.defaultValue} />}
    </FormGroup>
  );
}

/** A textarea with a symbol maximum: longer text is cut, and a counter shows length/max. */
export function MessageField({ name, label, max, required }: { name: string; label: string; max: number; required?: boolean }) {
  const f = useFormField(name);
  const [length, setLength] = useState((f.defaultValue ?? "").length);
  return (
    <FormGroup
      {...groupOf(f)}
      label={label}
      required={required}
      extra={
        <span className="form-group__counter" aria-hidden="true" data-counter-for={name}>
          {length}/{max}
        </span>
      }
    >
      {(control) => (
        <textarea
          {...control}
          className={`${control.className} form-control--area`}
          name={name}
          rows={5}
          maxLength={max}
          defaultValue={f.defaultValue}
          onChange={(e) => setLength(e.currentTarget.value.length)}
        />
      )}
    </FormGroup>
  );
}

export function SelectField({ name, label, options }: { name: string; label: string; options: readonly { value: string; label: string }[] }) {
  const f = useFormField(name);
  return (
    <FormGroup {...groupOf(f)} label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={f.defaultValue}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormGroup>
  );
}

/** Consent to the processing of personal data: required; the version seen goes to the consent log. */
export function ConsentField() {
  const f = useFormField("consent");
  return (
    <div className={`form-group form-group--check form-group--${f.status}`}>
      <input type="hidden" name="consent_version" value={CURRENT_CONSENT_VERSION} />
      <label className="form-check">
        <input
          id={f.id}
          type="checkbox"
          name="consent"
          value="on"
          defaultChecked={f.defaultValue === "on"}
          aria-required="true"
          aria-invalid={f.error ? true : undefined}
          aria-describedby={f.error ? f.errorId : undefined}
        />
        <span>{CONSENT_TEXTS[CURRENT_CONSENT_VERSION]}</span>
      </label>
      {f.error ? (
        <p id={f.errorId} className="form-group__error">
          {f.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The optional attachment. A plain file input for now: the profile's FileUpload widget will take
 * this slot (same field name files[]); the server checks type (PNG/JPG by content) and 2 MB.
 */
export function AttachmentSlot() {
  const f = useFormField("files[]");
  return (
    <FormGroup {...groupOf(f)} label="Файл" hint="Изображение PNG или JPG до 2 МБ, по желанию">
      {(control) => (
        <input {...control} className={`${control.className} form-control--file`} type="file" name="files[]" accept=".png,.jpg,.jpeg" data-slot="file-upload" />
      )}
    </FormGroup>
  );
}
