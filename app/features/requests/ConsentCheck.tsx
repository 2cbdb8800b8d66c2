import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";

/**
 * The personal-data consent of the pre-order and stock-notice forms, with the version seen (it goes
 * to the order or the subscription). These forms keep their own errors, not AjaxForm's, hence not
 * the shared ConsentField.
 */
export function ConsentCheck({ id, error, checked }: { id: string; error?: string; checked?: boolean }) {
  return (
    <div className={`form-group form-group--check form-group--${error ? "error" : "idle"}`}>
      <input type="hidden" name="consentVersion" value={CURRENT_CONSENT_VERSION} />
      <label className="form-check">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value="on"
          defaultChecked={checked}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{CONSENT_TEXTS[CURRENT_CONSENT_VERSION]}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="form-group__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
