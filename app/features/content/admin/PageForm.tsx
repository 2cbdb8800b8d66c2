import { Form } from "react-router";
import { RichTextField } from "./RichTextField.tsx";
import { PageHeadFields } from "./PageHeadFields.tsx";
import { PAGE_BODY_MAX } from "../content-forms.ts";
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
      <PageHeadFields page={page} errors={errors} />
      <RichTextField
        id="page-body"
        name="body"
        label="Текст страницы (HTML)"
        rows={20}
        maxLength={PAGE_BODY_MAX}
        defaultValue={page.body}
        error={errors.body}
        required
        extraHint="Подстановки вида {{phone}} заменяются сведениями магазина."
      />
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
