// «Сообщить о поступлении»: an e-mail and consent. A fetcher form: without JavaScript a plain post
// to /stock-notice/<slug>/ (that page answers); with it the answer shows in place: the mistake
// under the field, or where the confirmation letter went.
import type { FieldErrors } from "../../lib/form-fields.ts";
import { FormGroup } from "../../ui/FormGroup.tsx";
import { ConsentCheck } from "./ConsentCheck.tsx";
import { useFormAnswer } from "./use-form-answer.ts";
import "./Forms.css";
import "./preorder.css";

export interface StockNoticeAnswer {
  errors: FieldErrors;
  values: Record<string, string>;
  formError?: string;
  /** the address the confirmation letter went to */
  sentTo?: string;
}

export function StockNoticeSent({ email }: { email: string }) {
  return (
    <p className="form__done" role="status" tabIndex={-1}>
      {`Мы отправили письмо на ${email}: откройте ссылку в нём, чтобы подтвердить подписку. Если вы уже подписаны, ничего делать не нужно.`}
    </p>
  );
}

export function StockNoticeForm({ slug, variant, title, initial }: { slug: string; variant?: number; title: string; initial?: StockNoticeAnswer }) {
  const { fetcher, answer, errors, values, ref, busy } = useFormAnswer(initial, "[aria-invalid='true'], .form__alert, .form__done");
  if (answer?.sentTo) return <StockNoticeSent email={answer.sentTo} />;
  const id = `stock-notice-${slug}`;
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      action={`/stock-notice/${slug}/`}
      className="form stock-notice-form"
      noValidate
      aria-label="Сообщить о поступлении"
      onSubmit={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      {variant ? <input type="hidden" name="variant" value={variant} /> : null}
      <p className="form__intro">Пришлём одно письмо, когда «{title}» снова будет в наличии.</p>
      <FormGroup id={`${id}-email`} label="E-mail" error={errors.email} required>
        {(control) => <input {...control} name="email" type="email" autoComplete="email" defaultValue={values.email} />}
      </FormGroup>
      <ConsentCheck id={`${id}-consent`} error={errors.consent ?? errors.consentVersion} checked={values.consent === "on"} />
      {answer?.formError ? (
        <p className="form__alert" role="alert" tabIndex={-1}>
          {answer.formError}
        </p>
      ) : null}
      <button type="submit" className="button form__submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        Подписаться
      </button>
    </fetcher.Form>
  );
}
