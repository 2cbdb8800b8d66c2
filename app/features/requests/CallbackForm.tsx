import { CALLBACK_SLOTS } from "./form-schemas.ts";
import { NAME_MAX } from "../../lib/form-fields.ts";
import { SITE } from "../settings/index.ts";
import { AjaxForm, type FormInitial } from "./AjaxForm.tsx";
import { ConsentField, PhoneField, SelectField, TextField } from "./FormFields.tsx";
import { CALLBACK_TITLE } from "./callback-title.ts";

const FIELDS = ["name", "phone", "time", "consent"] as const;

/** «Обратный звонок»: name, phone and a time slot inside the working hours. */
export function CallbackForm({
  action = "/contacts/",
  initial,
  id,
  inDialog,
  onSent,
  product,
}: {
  action?: string;
  initial?: FormInitial;
  id?: string;
  inDialog?: boolean;
  onSent?: () => void;
  /** the product the call is about («Сообщить о поступлении»), sent with the request */
  product?: string;
}) {
  return (
    <AjaxForm
      form="callback"
      id={id}
      action={action}
      title={CALLBACK_TITLE}
      headingLevel={inDialog ? 3 : 2}
      titleHidden={inDialog}
      submitLabel="Заказать звонок"
      fields={FIELDS}
      initial={initial}
      onSent={onSent}
      intro={
        product ? (
          <p className="form__intro">Оставьте номер — менеджер позвонит, когда «{product}» поступит, подтвердит срок и цену и оформит заказ.</p>
        ) : (
          <p className="form__intro">Оставьте номер — менеджер перезвонит в удобное время. Мы работаем {SITE.hours.toLowerCase()}.</p>
        )
      }
    >
      {product ? <input type="hidden" name="product" value={product} /> : null}
      <TextField name="name" label="Имя" required autoComplete="name" maxLength={NAME_MAX} />
      <PhoneField required />
      <SelectField name="time" label="Удобное время звонка" options={CALLBACK_SLOTS} />
      <ConsentField />
    </AjaxForm>
  );
}
