// Form groups (DESIGN: label above, hint under it, the error under that): each reads its error,
// success mark and the value to show again from the surrounding AjaxForm.
import { useState, type ReactNode } from "react";
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { PhoneInput } from "../../ui/PhoneInput.tsx";
import { useFormField } from "./AjaxForm.tsx";

type Field = ReturnType<typeof useFormField>;

function describedBy(f: Field, hint: boolean) {
  return [hint ? f.hintId : null, f.error ? f.errorId : null].filter(Boolean).join(" ") || undefined;
}

function FormGroup({
  field,
  label,
  hint,
  required,
  children,
  extra,
}: {
  field: Field;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`form-group form-group--${field.status}`}>
      <div className="form-group__head">
        <label htmlFor={field.id} className="form-group__label">
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
      {children}
      {hint ? (
        <p id={field.hintId} className="form-group__hint">
          {hint}
        </p>
      ) : null}
      {field.error ? (
        <p id={field.errorId} className="form-group__error">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

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
    <FormGroup field={f} label={label} hint={hint} required={required}>
      <input
        id={f.id}
        name={name}
        type={type}
        className="form-control"
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={f.defaultValue}
        aria-required={required || undefined}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, Boolean(hint))}
      />
    </FormGroup>
  );
}

export function PhoneField({ name = "phone", label = "Телефон", required, hint }: { name?: string; label?: string; required?: boolean; hint?: string }) {
  const f = useFormField(name);
  return (
    <FormGroup field={f} label={label} hint={hint} required={required}>
      <PhoneInput
        id={f.id}
        name={name}
        className="form-control"
        defaultValue={f.defaultValue}
        aria-required={required || undefined}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, Boolean(hint))}
      />
    </FormGroup>
  );
}

/** A textarea with a symbol maximum: longer text is cut, and a counter shows length/max. */
export function MessageField({ name, label, max, required }: { name: string; label: string; max: number; required?: boolean }) {
  const f = useFormField(name);
  const [length, setLength] = useState((f.defaultValue ?? "").length);
  return (
    <FormGroup
      field={f}
      label={label}
      required={required}
      extra={
        <span className="form-group__counter" aria-hidden="true" data-counter-for={name}>
          {length}/{max}
        </span>
      }
    >
      <textarea
        id={f.id}
        name={name}
        className="form-control form-control--area"
        rows={5}
        maxLength={max}
        defaultValue={f.defaultValue}
        onChange={(e) => setLength(e.currentTarget.value.length)}
        aria-required={required || undefined}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, false)}
      />
    </FormGroup>
  );
}

export function SelectField({ name, label, options }: { name: string; label: string; options: readonly { value: string; label: string }[] }) {
  const f = useFormField(name);
  return (
    <FormGroup field={f} label={label}>
      <select
        id={f.id}
        name={name}
        className="form-control"
        defaultValue={f.defaultValue}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, false)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
    <FormGroup field={f} label="Файл" hint="Изображение PNG или JPG до 2 МБ, по желанию">
      <input
        id={f.id}
        type="file"
        name="files[]"
        accept=".png,.jpg,.jpeg"
        className="form-control form-control--file"
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(f, true)}
        data-slot="file-upload"
      />
    </FormGroup>
  );
}
