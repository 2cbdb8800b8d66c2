import { Form } from "react-router";
import type { ProductFormValues, SectionOption } from "../admin-product-types.ts";
import type { PropertyField } from "../../catalog/index.ts";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { SetItemsEditor } from "./SetItemsEditor.tsx";
import { ProductImagesField } from "./ProductImagesField.tsx";
import { ProductVideoFilesField } from "./ProductVideoFilesField.tsx";
import { RichTextField } from "../../content/components.ts";

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
    <Form method="post" encType="multipart/form-data" className="product-form" noValidate>
      {/* Enter in a field presses the form's first submit button: this save, not a picture's or a set item's row button */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Сохранить
      </button>
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
        {text("product-article", "article", "Артикул", { hint: "Как в 1С; пустое — номер товара на сайте" })}
        {values.set ? null : text("product-price", "price", "Цена", { hint: "В рублях, например 12 990,50", inputMode: "decimal" })}
        {values.set ? null : text("product-old-price", "oldPrice", "Старая цена", { hint: "Зачёркнутая; не ниже цены", inputMode: "decimal" })}
        {text("product-stock", "stock", "Остаток", { hint: "Штук на складе", inputMode: "numeric" })}
        {text("product-lead-min", "leadMin", "Срок поставки под заказ, от", { hint: "Недель, когда нет на складе", inputMode: "numeric" })}
        {text("product-lead-max", "leadMax", "Срок поставки под заказ, до", { hint: "Недель", inputMode: "numeric" })}
        {values.set
          ? null
          : text("product-weight", "weight", "Вес, кг", {
              inputMode: "decimal",
              // without a weight lifting cannot be priced: the checkout leaves it to the manager (decision 099)
              hint: values.id && !Number(values.weight.replace(",", ".")) ? "Вес не указан: подъём на этаж рассчитает менеджер" : undefined,
            })}
      </div>
      {values.set ? (
        <SetItemsEditor key={`set-items:${values.set.items.map((i) => i.id).join(",")}`} setId={values.id} values={values.set} errors={errors} />
      ) : null}
      <label className="product-form__check product-form__published">
        <input type="checkbox" name="published" defaultChecked={values.published} /> Опубликован
      </label>
      <RichTextField id="product-description" name="description" label="Описание" rows={10} defaultValue={values.description} error={errors.description} />
      <ProductImagesField images={values.images} error={errors.images} />
      <FormGroup id="product-videos" label="Видео" error={errors.videos} hint="Ссылки на YouTube, Rutube или VK Видео и загруженные файлы, по одной в строке">
        {(control) => <textarea {...control} key={values.videos} name="videos" rows={3} defaultValue={values.videos} />}
      </FormGroup>
      {/* keyed by the links: stored video files join them, and the input empties (decision 077); the prefixes keep sibling keys apart */}
      <ProductVideoFilesField key={`video-files:${values.videos}`} error={errors.videoFiles} />
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
