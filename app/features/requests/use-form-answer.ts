// The shared half of the pre-order and stock-notice forms: a fetcher whose answer (or the page's
// own answer without JavaScript) carries the field errors and the typed values, focus moved to the
// first mistake once an answer comes back, and a flag that stops a second press while one is on its way.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { FieldErrors } from "../../lib/form-fields.ts";

interface FormAnswer {
  errors: FieldErrors;
  values: Record<string, string>;
}

/** `focusable`: where the focus goes after an answer, first match in the form */
export function useFormAnswer<T extends FormAnswer>(initial: T | undefined, focusable: string) {
  const fetcher = useFetcher<T>();
  const answer = fetcher.data ?? initial;
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!fetcher.data) return;
    ref.current?.querySelector<HTMLElement>(focusable)?.focus();
  }, [fetcher.data, focusable]);
  return { fetcher, answer, errors: answer?.errors ?? {}, values: answer?.values ?? {}, ref, busy: fetcher.state !== "idle" };
}
