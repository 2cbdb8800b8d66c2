// The browser side of every form's checks, on the form's shared schema (the server runs the same
// one): all fields on submit; after that (or once a field shows an error) one field when the
// visitor leaves it and while typing, so an error clears as soon as the value is right.
// Errors from the server are shown the same way. The first field in error gets the focus (and is
// scrolled into view), so a refused submit never looks like nothing happened.
import { useCallback, useEffect, useRef, useState, type FormEvent, type FocusEvent } from "react";
import { formValues, type FieldErrors } from "../lib/form-fields.ts";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (el: EventTarget | null): el is FieldElement =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Moves the focus to the first control (in the form's order) whose field has an error. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): boolean {
  const first = Array.from(form.elements).find((el): el is FieldElement => isField(el) && el.type !== "hidden" && Boolean(errors[el.name]));
  if (!first) return false;
  first.focus();
  first.scrollIntoView?.({ block: "center", behavior: "instant" });
  return true;
}

export interface FieldChecks {
  errors: FieldErrors;
  /** true once a submit was tried: fields without an error may then show as correct */
  tried: boolean;
  /** spread on the form element; its onSubmit stops a send that the checks refuse */
  formProps: {
    ref: React.RefObject<HTMLFormElement | null>;
    onBlur: (e: FocusEvent<HTMLFormElement>) => void;
    onInput: (e: FormEvent<HTMLFormElement>) => void;
    onSubmit: (e: FormEvent<HTMLFormElement>) => void;
    noValidate: true;
  };
  /** checks every field; false (errors shown, focus on the first) when something is wrong */
  checkAll(form: HTMLFormElement): boolean;
  /** shows errors from elsewhere (the server's answer) and focuses the first */
  showErrors(errors: FieldErrors): void;
  /** forgets all errors (after a successful send) */
  reset(): void;
}

/**
 * @param check the form's shared validation: values → `{field: message}` (empty when fine)
 * @param serverErrors errors the server answered with; each new object is shown (and focused)
 * @param formRef the form's own ref, when the form already has one (else spread formProps.ref)
 */
export function useFieldChecks(
  check: (values: Record<string, string>) => FieldErrors,
  serverErrors?: FieldErrors,
  formRef?: React.RefObject<HTMLFormElement | null>,
): FieldChecks {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [tried, setTried] = useState(Boolean(serverErrors && Object.keys(serverErrors).length));
  const ownRef = useRef<HTMLFormElement>(null);
  const ref = formRef ?? ownRef;

  // a new answer from the server (not the one rendered with the page, which is already shown)
  const shown = useRef(serverErrors);
  useEffect(() => {
    if (!serverErrors || serverErrors === shown.current) return;
    shown.current = serverErrors;
    setErrors(serverErrors);
    setTried(true);
    if (ref.current) focusFirstError(ref.current, serverErrors);
  }, [serverErrors, ref]);

  const recheck = useCallback(
    (form: HTMLFormElement, name: string) => {
      const message = check(formValues(new FormData(form)))[name];
      setErrors((prev) => {
        if (prev[name] === message) return prev;
        const next = { ...prev };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [check],
  );

  const onBlur = (e: FocusEvent<HTMLFormElement>) => {
    const field = e.target;
    if (!isField(field) || !field.name || field.type === "hidden") return;
    // Leaving the field for the form's submit button: the submit checks everything. Showing this
    // field's error now would push the button down between the press and the release, and the
    // click would miss it.
    const next = e.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === e.currentTarget) return;
    // before the first submit the visitor is still filling in: nothing is a mistake yet
    if (!tried && !errors[field.name]) return;
    recheck(e.currentTarget, field.name);
  };

  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const field = e.target;
    if (!isField(field) || !field.name) return;
    if (tried || errors[field.name]) recheck(e.currentTarget, field.name);
  };

  const checkAll = (form: HTMLFormElement) => {
    const found = check(formValues(new FormData(form)));
    setErrors(found);
    setTried(true);
    if (Object.keys(found).length === 0) return true;
    focusFirstError(form, found);
    return false;
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    setTried(true);
    if (ref.current) focusFirstError(ref.current, next);
  };

  const reset = () => {
    setErrors({});
    setTried(false);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!checkAll(e.currentTarget)) e.preventDefault();
  };

  return { errors, tried, formProps: { ref, onBlur, onInput, onSubmit, noValidate: true }, checkAll, showErrors, reset };
}
