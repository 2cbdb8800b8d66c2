import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { RichTextField } from "./RichTextField.tsx";
import { NEWS_BODY_MAX } from "../news-form.ts";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { NewsPicture } from "../NewsPicture.tsx";

export interface NewsValues {
  title: string;
  slug: string;
  /** a Moscow calendar day, YYYY-MM-DD */
  date: string;
  summary: string;
  body: string;
  /** the cover's web path ("" without one); a refused save carries an uploaded one back here */
  image: string;
  imageAlt: string;
  version: number;
}

/** A news item: its words, its address and date, and its cover picture (uploaded with the form). */
export function NewsForm({ values, errors = {} }: { values: NewsValues; errors?: FieldErrors }) {
  return (
    <Form method="post" encType="multipart/form-data" className="content-form">
      <input type="hidden" name="version" value={values.version} />
      <input type="hidden" name="image" value={values.image} />
      <FormGroup id="news-title" label="Заголовок" error={errors.title} required>
        {(p) => <input {...p} name="title" maxLength={200} defaultValue={values.title} />}
      </FormGroup>
      <div className="content-form__row">
        <FormGroup id="news-slug" label="Адрес" hint="Латиницей; пусто — из заголовка" error={errors.slug}>
          {(p) => <input {...p} name="slug" maxLength={160} defaultValue={values.slug} autoCapitalize="off" spellCheck={false} />}
        </FormGroup>
        <FormGroup id="news-date" label="Дата" error={errors.date} required>
          {(p) => <input {...p} type="date" name="date" defaultValue={values.date} />}
        </FormGroup>
      </div>
      <FormGroup id="news-summary" label="Анонс" hint="Показывается в списке новостей" error={errors.summary}>
        {(p) => <textarea {...p} name="summary" rows={2} maxLength={500} defaultValue={values.summary} />}
      </FormGroup>
      <RichTextField
        id="news-body"
        name="body"
        label="Текст новости (HTML)"
        rows={14}
        maxLength={NEWS_BODY_MAX}
        defaultValue={values.body}
        error={errors.body}
        required
      />
      <fieldset className="content-form__cover">
        <legend>Обложка</legend>
        {values.image ? (
          <div className="content-form__cover-now">
            <NewsPicture src={values.image} alt={values.imageAlt} sizes="16rem" className="content-form__cover-picture" />
            <label className="content-form__check">
              <input type="checkbox" name="removeImage" /> Убрать обложку
            </label>
          </div>
        ) : null}
        <FormGroup
          id="news-cover"
          label={values.image ? "Заменить картинку" : "Картинка"}
          hint="JPEG, PNG, WebP или AVIF до 10 МБ, не уже 480 пикселей"
          error={errors.cover}
        >
          {(p) => <input {...p} type="file" name="cover" accept="image/jpeg,image/png,image/webp,image/avif" />}
        </FormGroup>
        <FormGroup id="news-alt" label="Описание картинки" hint="Для незрячих посетителей; пусто — картинка украшает" error={errors.imageAlt}>
          {(p) => <input {...p} name="imageAlt" maxLength={300} defaultValue={values.imageAlt} />}
        </FormGroup>
      </fieldset>
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
