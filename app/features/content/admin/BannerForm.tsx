import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { BANNER_TEXT_MAX } from "../content-forms.ts";
import type { FieldErrors } from "../../../lib/form-fields.ts";

interface Props {
  banner: { text: string; enabled: boolean; startsOn: string | null; endsOn: string | null; version: number };
  errors?: FieldErrors;
}

/** The warning banner above every storefront page: its text, on/off and the Moscow days it shows. */
export function BannerForm({ banner, errors = {} }: Props) {
  return (
    <section className="content-card" aria-labelledby="banner-title">
      <h2 id="banner-title">Объявление над сайтом</h2>
      <Form method="post" className="content-form">
        <input type="hidden" name="intent" value="banner" />
        <input type="hidden" name="version" value={banner.version} />
        <FormGroup id="banner-text" label="Текст объявления" error={errors.text} required>
          {(p) => <textarea {...p} name="text" rows={3} maxLength={BANNER_TEXT_MAX} defaultValue={banner.text} />}
        </FormGroup>
        <label className="content-form__check">
          <input type="checkbox" name="enabled" defaultChecked={banner.enabled} /> Показывать объявление
        </label>
        <div className="content-form__row">
          <FormGroup id="banner-starts" label="Показывать с" hint="Пусто — без ограничения" error={errors.startsOn}>
            {(p) => <input {...p} type="date" name="startsOn" defaultValue={banner.startsOn ?? ""} />}
          </FormGroup>
          <FormGroup id="banner-ends" label="Показывать по" hint="Включительно, по Москве" error={errors.endsOn}>
            {(p) => <input {...p} type="date" name="endsOn" defaultValue={banner.endsOn ?? ""} />}
          </FormGroup>
        </div>
        {errors.version ? <p role="alert">{errors.version}</p> : null}
        <button type="submit" className="button">
          Сохранить
        </button>
      </Form>
    </section>
  );
}
