import { MESSAGE_MAX } from "./form-schemas.ts";
import { NAME_MAX } from "../../lib/form-fields.ts";
import { AjaxForm, type FormInitial } from "./AjaxForm.tsx";
import { AttachmentSlot, ConsentField, MessageField, PhoneField, TextField } from "./FormFields.tsx";

export const FEEDBACK_TITLE = "Обратная связь";
const FIELDS = ["name", "email", "phone", "message", "files[]", "consent"] as const;

/** «Обратная связь»: a question or a review, optionally with a photo. */
export function FeedbackForm({ action = "/contacts/", initial, id }: { action?: string; initial?: FormInitial; id?: string }) {
  return (
    <AjaxForm
      form="feedback"
      id={id}
      action={action}
      title={FEEDBACK_TITLE}
      submitLabel="Отправить"
      fields={FIELDS}
      initial={initial}
      multipart
      intro={<p className="form__intro">Задайте вопрос или расскажите о покупке: ответим на почту в течение рабочего дня.</p>}
    >
      <TextField name="name" label="Имя" required autoComplete="name" maxLength={NAME_MAX} />
      <TextField name="email" type="email" label="Электронная почта" required autoComplete="email" maxLength={200} />
      <PhoneField hint="Необязательно: если удобнее, мы перезвоним" />
      <MessageField name="message" label="Сообщение" max={MESSAGE_MAX} required />
      <AttachmentSlot />
      <ConsentField />
    </AjaxForm>
  );
}
