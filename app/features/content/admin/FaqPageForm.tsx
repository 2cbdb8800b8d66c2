import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { FAQ_QUESTION_MAX, type FaqFormItem } from "../faq-form.ts";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { RichTextField } from "./RichTextField.tsx";
import { PageHeadFields } from "./PageHeadFields.tsx";

interface Props {
  page: { title: string; summary: string; version: number };
  intro: string;
  items: readonly FaqFormItem[];
  errors?: FieldErrors;
}

/**
 * The FAQ page question by question: the introduction, each question with its answer (a tick
 * removes it) and one empty pair to add a question; saved again, another empty pair appears, so
 * it works without JavaScript. The storefront shows them as an accordion in this order.
 */
export function FaqPageForm({ page, intro, items, errors = {} }: Props) {
  const rows = [...items, { question: "", answer: "" }];
  return (
    <Form method="post" className="content-form">
      <input type="hidden" name="version" value={page.version} />
      <input type="hidden" name="form" value="faq-items" />
      <PageHeadFields page={page} errors={errors} />
      <RichTextField
        id="faq-intro"
        name="intro"
        label="Вступление (HTML)"
        rows={4}
        defaultValue={intro}
        error={errors.body}
        extraHint="Подстановки вида {{phone}} заменяются сведениями магазина."
      />
      {rows.map((item, i) => {
        const isNew = i === items.length;
        return (
          <fieldset key={i} className="content-form__cover">
            <legend>{isNew ? "Новый вопрос" : `Вопрос ${i + 1}`}</legend>
            <FormGroup id={`faq-question-${i}`} label={isNew ? "Текст нового вопроса" : `Текст вопроса ${i + 1}`} error={errors[`question-${i}`]}>
              {(p) => <input {...p} name={`question-${i}`} maxLength={FAQ_QUESTION_MAX} defaultValue={item.question} />}
            </FormGroup>
            <RichTextField
              id={`faq-answer-${i}`}
              name={`answer-${i}`}
              label={isNew ? "Ответ на новый вопрос (HTML)" : `Ответ на вопрос ${i + 1} (HTML)`}
              rows={4}
              defaultValue={item.answer}
              error={errors[`answer-${i}`]}
              noHint
            />
            {isNew ? null : (
              <label className="content-form__check">
                <input type="checkbox" name={`remove-${i}`} /> Удалить вопрос {i + 1}
              </label>
            )}
          </fieldset>
        );
      })}
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
