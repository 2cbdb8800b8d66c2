import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { PAGE_BODY_MAX } from "../../../lib/content-forms.ts";
import type { FieldErrors } from "../../../lib/form-fields.ts";

interface Props {
  page: { title: string; summary: string; body: string; version: number };
  errors?: FieldErrors;
}

/** A shop page's title, description and HTML; the HTML is cleaned when saved and when shown. */
export function PageForm({ page, errors = {} }: Props) {
  return (
    <Form method="post" className="content-form">
      <input type="hidden" name="version" value={page.version} />
      <FormGroup id="page-title" label="Заголовок" error={errors.title} required>
        {(p) => <input {...p} name="title" maxLength={200} defaultValue={page.title} />}
      </FormGroup>
      <FormGroup id="page-summary" label="Описание для поисковиков" error={errors.summary}>
        {(p) => <textarea {...p} name="summary" rows={2} maxLength={500} defaultValue={page.summary} />}
      </FormGroup>
      <FormGroup
        id="page-body"
        label="Текст страницы (HTML)"
        hint="Скрипты, обработчики событий и ссылки javascript: удаляются при сохранении. Подстановки вида {{phone}} заменяются сведениями магазина."
        error={errors.body}
        required
      >
        {(p) => <textarea {...p} name="body" rows={20} maxLength={PAGE_BODY_MAX} defaultValue={page.body} className={`${p.className} content-form__code`} />}
      </FormGroup>
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
