import { Form } from "react-router";
import type { ProductFormValues, PropertyField, SectionOption } from "../../../domain/admin-product-types.ts";
import { FormGroup } from "../../../ui/FormGroup.tsx";

interface Props {
  values: ProductFormValues;
  sections: SectionOption[];
  properties: PropertyField[];
  errors: Record<string, string>;
}

function PropertyInput({ field, chosen, error }: { field: PropertyField; chosen: string[]; error?: string }) {
  const id = `product-prop-${field.code}`;
  const name = `prop.${field.code}`;
  if (field.kind === "multi")
    return (
      <fieldset className="product-form__multi" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="form-group__label">{field.title}</legend>
        {field.options.map((o) => (
          <label key={o} className="product-form__check">
            <input type="checkbox" name={name} value={o} defaultChecked={chosen.includes(o)} /> {o}
          </label>
        ))}
        {error ? (
          <p id={`${id}-error`} className="form-group__error">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  const label = field.unit ? `${field.title}, ${field.unit}` : field.title;
  return (
    <FormGroup id={id} label={label} error={error}>
      {(control) =>
        field.kind === "enum" ? (
          <select {...control} name={name} defaultValue={chosen[0] ?? ""}>
            <option value="">—</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : (
          <input {...control} name={name} inputMode="decimal" defaultValue={chosen[0] ?? ""} />
        )
      }
    </FormGroup>
  );
}

/** The product form: a plain POST (works without JavaScript); what was typed comes back with the errors. */
export function ProductForm({ values, sections, properties, errors }: Props) {
  const text = (
    id: string,
    name: keyof ProductFormValues,
    label: string,
    extra: { hint?: string; inputMode?: "decimal" | "numeric"; required?: boolean } = {},
  ) => (
    <FormGroup id={id} label={label} error={errors[name]} hint={extra.hint} required={extra.required}>
      {(control) => <input {...control} name={name} defaultValue={String(values[name])} inputMode={extra.inputMode} />}
    </FormGroup>
  );
  const generalError = errors.version ?? errors.product;
  return (
    <Form method="post" className="product-form" noValidate>
      {generalError ? (
        <p className="product-form__alert" role="alert">
          {generalError}
        </p>
      ) : Object.keys(errors).length ? (
        <p className="product-form__alert" role="alert">
          Проверьте поля, отмеченные ниже.
        </p>
      ) : null}
      <input type="hidden" name="version" value={values.version} />
      <div className="product-form__grid">
        {text("product-title", "title", "Название")}
        {text("product-slug", "slug", "Адрес", { hint: "Латиницей; пустое — из названия" })}
        <FormGroup id="product-section" label="Раздел" error={errors.sectionId}>
          {(control) => (
            <select {...control} name="sectionId" defaultValue={values.sectionId || ""}>
              <option value="">—</option>
              {sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </FormGroup>
        {text("product-brand", "brand", "Бренд")}
        {text("product-price", "price", "Цена", { hint: "В рублях, например 12 990,50", inputMode: "decimal" })}
        {text("product-old-price", "oldPrice", "Старая цена", { hint: "Зачёркнутая; не ниже цены", inputMode: "decimal" })}
        {text("product-stock", "stock", "Остаток", { hint: "Штук на складе", inputMode: "numeric" })}
        {text("product-weight", "weight", "Вес, кг", { inputMode: "decimal" })}
      </div>
      <label className="product-form__check product-form__published">
        <input type="checkbox" name="published" defaultChecked={values.published} /> Опубликован
      </label>
      <FormGroup id="product-description" label="Описание" error={errors.description} hint="Можно HTML: абзацы, списки, таблицы, ссылки">
        {(control) => <textarea {...control} name="description" rows={8} defaultValue={values.description} />}
      </FormGroup>
      <FormGroup id="product-videos" label="Видео" error={errors.videos} hint="Ссылки на YouTube, Rutube или VK Видео, по одной в строке">
        {(control) => <textarea {...control} name="videos" rows={3} defaultValue={values.videos} />}
      </FormGroup>
      {properties.length ? (
        <fieldset className="product-form__props">
          <legend>Свойства раздела</legend>
          <div className="product-form__grid">
            {properties.map((f) => (
              <PropertyInput key={f.code} field={f} chosen={values.properties[f.code] ?? []} error={errors[`prop.${f.code}`]} />
            ))}
          </div>
        </fieldset>
      ) : null}
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
