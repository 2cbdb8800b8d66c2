// The generic form (docs/behaviour.md «Forms»). Without JavaScript it is a plain POST to
// its page, which answers with the same errors or a success notice. With JavaScript it checks
// the shared Zod schema, posts to /forms/<name>/ and reads `{}` or `{field: message}`.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { isFormName, validateForm } from "./form-schemas.ts";
import { HONEYPOT_FIELD, type FieldErrors } from "../../lib/form-fields.ts";
import { useFieldChecks } from "../../ui/use-field-checks.ts";
import { closeOpenDialogs, SUCCESS_DIALOG_DELAY_MS } from "../../ui/dialogs.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { SuccessDialog } from "./SuccessDialog.tsx";
import "./Forms.css";

export const SEND_FAILED_MESSAGE = "Не удалось отправить форму: проверьте подключение к интернету и попробуйте ещё раз.";

interface FormState {
  errors: FieldErrors;
  /** true once the form has been checked: groups without an error are marked success */
  validated: boolean;
  values: Record<string, string>;
}

interface FormContextValue {
  formId: string;
  state: FormState;
}

const FormContext = createContext<FormContextValue | null>(null);

/** What a field needs from its form: its error, its success mark, ids and the value to show again. */
export function useFormField(name: string) {
  const ctx = useContext(FormContext);
  const id = `${ctx?.formId ?? "f"}-${name.replace(/\W/g, "")}`;
  const error = ctx?.state.errors[name];
  return {
    id,
    errorId: `${id}-error`,
    hintId: `${id}-hint`,
    error,
    status: error ? ("error" as const) : ctx?.state.validated ? ("success" as const) : ("idle" as const),
    defaultValue: ctx?.state.values[name],
  };
}

export interface FormInitial {
  errors?: FieldErrors;
  values?: Record<string, string>;
}

interface Props {
  /** one of the shared forms (posted to /forms/<form>/), or a feature's own with `endpoint` and `check` */
  form: string;
  /** where the browser posts with JavaScript, when not /forms/<form>/; its 2xx answer goes to onSent */
  endpoint?: string;
  /** the browser's check for a form that is not one of the shared ones */
  check?: (values: Record<string, string>) => FieldErrors;
  /** the page that handles the post without JavaScript */
  action: string;
  title: string;
  /** heading level of the title */
  headingLevel?: 2 | 3;
  /** the title is still the form's name, only not shown (a dialog shows it already) */
  titleHidden?: boolean;
  submitLabel: string;
  /** names of the visible fields: other keys of an error answer are shown above the button */
  fields: readonly string[];
  initial?: FormInitial;
  multipart?: boolean;
  intro?: ReactNode;
  children: ReactNode;
  id?: string;
  /**
   * Called instead of showing the thank-you dialog, for a form inside a modal: the modal's content
   * unmounts when it closes, so whoever owns the modal closes it and shows the thanks.
   * Gets the server's answer (a feature's endpoint may say more than `{}`, e.g. an order number).
   */
  onSent?: (answer: Record<string, string>) => void;
}

const valueSetter = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, "value")?.set;

/** On success inputs and textareas are cleared, except radio, checkbox and hidden ones. */
export function clearFormInputs(form: HTMLFormElement) {
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
    if (el instanceof HTMLInputElement && ["radio", "checkbox", "hidden", "submit", "button", "reset", "image"].includes(el.type)) continue;
    // through the native setter plus an input event, so masks and React counters see it too
    valueSetter(el)?.call(el, "");
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

export function AjaxForm({
  form,
  endpoint,
  check,
  action,
  title,
  headingLevel = 2,
  titleHidden,
  submitLabel,
  fields,
  initial,
  multipart,
  intro,
  children,
  id,
  onSent,
}: Props) {
  const formId = useId().replace(/:/g, "");
  const titleId = `${formId}-title`;
  const ref = useRef<HTMLFormElement>(null);
  // the shared schema checks on submit, on blur and while correcting (use-field-checks.ts)
  const checks = useFieldChecks(
    useCallback(
      (values: Record<string, string>) => {
        if (check) return check(values);
        const checked = isFormName(form) ? validateForm(form, values) : null;
        return !checked || checked.ok ? {} : checked.errors;
      },
      [form, check],
    ),
    initial?.errors,
    ref,
  );
  const [values, setValues] = useState<Record<string, string>>(initial?.values ?? {});
  const state: FormState = { errors: checks.errors, validated: checks.tried, values };
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const hydrated = useHydrated();

  const orphanErrors = Object.entries(state.errors)
    .filter(([k]) => !fields.includes(k))
    .map(([, v]) => v);
  const alert = failure ?? (orphanErrors.length ? orphanErrors.join(" ") : null);

  // Focus moves to the first field with an error, in the order of the form.
  useEffect(() => {
    if (focusTick === 0 || !ref.current) return;
    const first = Array.from(ref.current.querySelectorAll<HTMLElement>("[aria-invalid='true'], .form__alert")).find(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    first?.focus();
  }, [focusTick]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // the sending state is the double-send guard
    if (sendingRef.current) return;
    const el = e.currentTarget;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = submitter ? new FormData(el, submitter) : new FormData(el);
    if (!data.has("ajax")) data.set("ajax", form);
    setFailure(null);
    if (!checks.checkAll(el)) {
      setFocusTick((t) => t + 1);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      const hasFiles = data.getAll("files[]").some((f) => typeof f !== "string" && f.size > 0);
      if (!hasFiles) data.delete("files[]");
      const body = hasFiles ? data : new URLSearchParams(Array.from(data, ([k, v]) => [k, String(v)]));
      const res = await fetch(endpoint ?? `/forms/${form}/`, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer: unknown = await res.json().catch(() => null);
      if (!answer || typeof answer !== "object" || Array.isArray(answer)) throw new Error(`unexpected answer ${res.status}`);
      // a refusal is never a 2xx (docs/behaviour.md «Forms»: 400, 422, 429 with `{field: message}`)
      const errors = answer as FieldErrors;
      if (res.ok) {
        clearFormInputs(el);
        checks.reset();
        setValues({});
        if (onSent) onSent(errors);
        else {
          const closed = closeOpenDialogs();
          window.setTimeout(() => setSuccessOpen(true), closed ? SUCCESS_DIALOG_DELAY_MS : 0);
        }
      } else {
        checks.showErrors(errors);
        setFocusTick((t) => t + 1);
      }
    } catch (err) {
      console.warn("form send failed", err);
      setFailure(SEND_FAILED_MESSAGE);
      setFocusTick((t) => t + 1);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  return (
    <>
      <form
        ref={ref}
        onBlur={checks.formProps.onBlur}
        onInput={checks.formProps.onInput}
        id={id}
        className="form"
        method="post"
        action={action}
        encType={multipart ? "multipart/form-data" : undefined}
        noValidate
        aria-labelledby={titleId}
        onSubmit={onSubmit}
        data-form={form}
        data-enhanced={hydrated || undefined}
      >
        <Heading id={titleId} className={titleHidden ? "visually-hidden" : "form__title"}>
          {title}
        </Heading>
        {intro}
        <FormContext.Provider value={{ formId, state }}>{children}</FormContext.Provider>
        {/* people never see this field; bots fill it */}
        <div className="form__trap" aria-hidden="true">
          <label>
            Не заполняйте это поле
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {alert ? (
          <p className="form__alert" role="alert" tabIndex={-1}>
            {alert}
          </p>
        ) : null}
        <button
          type="submit"
          name="ajax"
          value={form}
          className={`button form__submit${sending ? " form__submit--sending" : ""}`}
          aria-disabled={sending || undefined}
          aria-busy={sending || undefined}
          data-state={sending ? "sending" : "idle"}
        >
          {sending ? <span className="form__loader" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
        <p className="visually-hidden" aria-live="polite">
          {sending ? "Отправляем…" : ""}
        </p>
      </form>
      <SuccessDialog open={successOpen} onClose={() => setSuccessOpen(false)} />
    </>
  );
}
