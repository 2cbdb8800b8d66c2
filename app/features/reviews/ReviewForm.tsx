import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { parseReview, REVIEW_TEXT_MAX, REVIEW_THANKS, type ReviewErrors } from "./review-form.ts";
import { HONEYPOT_FIELD, NAME_MAX, type FieldErrors } from "../../lib/form-fields.ts";
import { useFieldChecks } from "../../ui/use-field-checks.ts";
import { CURRENT_REVIEW_CONSENT, REVIEW_CONSENT_TEXTS } from "../../lib/consent.ts";
import { StarRatingInput } from "../../ui/StarRating.tsx";

export interface ReviewFormInitial {
  errors?: ReviewErrors;
  values?: { rating: string; text: string; name: string; consent: boolean };
  sent?: boolean;
}

type Answer = { ok: true } | { ok: false; errors: ReviewErrors };

function checkReview(values: Record<string, string>): FieldErrors {
  const checked = parseReview(values);
  return checked.ok ? {} : (checked.errors as FieldErrors);
}

/**
 * Rating, text, name and consent. Checked in the browser with the server's schema first, then
 * posted to `path` (the product's reviews tab) with `ajax=review` and answered with JSON; without JavaScript the same post re-renders
 * the page with the errors (400) or comes back with the thank-you note (303).
 */
export function ReviewForm({ path, productTitle, initial }: { path: string; productTitle: string; initial?: ReviewFormInitial }) {
  const fetcher = useFetcher<Answer>();
  // the server's schema checks on submit, on blur and while correcting (use-field-checks.ts)
  const formRef = useRef<HTMLFormElement>(null);
  const checks = useFieldChecks(checkReview, initial?.errors as FieldErrors | undefined, formRef);
  const errors = checks.errors as ReviewErrors;
  const [sent, setSent] = useState(initial?.sent ?? false);
  const sending = fetcher.state !== "idle";
  const v = initial?.values;

  // take each answer once, when the post has settled
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== handled) {
    setHandled(answer);
    setSent(answer.ok);
  }
  useEffect(() => {
    if (!handled) return;
    if (handled.ok) {
      formRef.current?.reset();
      checks.reset();
    } else checks.showErrors(handled.errors as FieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [handled]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    if (!checks.checkAll(e.currentTarget)) return;
    const data = new FormData(e.currentTarget);
    setSent(false);
    data.set("ajax", "review");
    void fetcher.submit(data, { method: "post", action: path });
  };

  const err = (field: keyof ReviewErrors) =>
    errors[field] ? (
      <p id={`review-${field}-error`} className="form-group__error">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: keyof ReviewErrors) => (errors[field] ? `review-${field}-error` : undefined);

  return (
    <form
      ref={formRef}
      onBlur={checks.formProps.onBlur}
      onInput={checks.formProps.onInput}
      id="review-form"
      className="review-form"
      method="post"
      action={path}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="review-form-title"
    >
      <h3 id="review-form-title">Оставить отзыв</h3>
      <p className="review-form__intro">Расскажите, как вам «{productTitle}». Отзыв появится на сайте после проверки.</p>
      {sent ? (
        <p className="review-form__thanks" role="status">
          {REVIEW_THANKS}
        </p>
      ) : null}

      <div className={`form-group${errors.rating ? " form-group--error" : ""}`}>
        <StarRatingInput name="rating" defaultValue={v?.rating ?? ""} error={errors.rating} errorId="review-rating-error" />
        {err("rating")}
      </div>

      <div className={`form-group${errors.text ? " form-group--error" : ""}`}>
        <label htmlFor="review-text" className="form-group__label">
          Отзыв{" "}
          <span className="form-group__required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id="review-text"
          name="text"
          className="form-control form-control--area"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          defaultValue={v?.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy("text")}
        />
        {err("text")}
      </div>

      <div className={`form-group${errors.name ? " form-group--error" : ""}`}>
        <label htmlFor="review-name" className="form-group__label">
          Имя{" "}
          <span className="form-group__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="review-name"
          name="name"
          className="form-control"
          autoComplete="given-name"
          maxLength={NAME_MAX}
          defaultValue={v?.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
        />
        {err("name")}
      </div>

      <div className="form__trap" aria-hidden="true">
        <label htmlFor="review-website">Сайт</label>
        <input id="review-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>

      <div className={`form-group${errors.consent ? " form-group--error" : ""}`}>
        <label className="form-check">
          <input
            type="checkbox"
            name="consent"
            value="on"
            defaultChecked={v?.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy("consent")}
          />
          <span>{REVIEW_CONSENT_TEXTS[CURRENT_REVIEW_CONSENT]}</span>
        </label>
        <input type="hidden" name="consent_version" value={CURRENT_REVIEW_CONSENT} />
        {err("consent")}
      </div>

      {errors.form ? (
        <p className="form-group__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="button review-form__submit" aria-disabled={sending || undefined}>
        {sending ? "Отправляем…" : "Отправить отзыв"}
      </button>
    </form>
  );
}
