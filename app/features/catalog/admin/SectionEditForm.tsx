import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { SECTION_TITLE_MAX } from "../section-form.ts";
import { SectionParentSelect, type ParentOption } from "./SectionParentSelect.tsx";

export interface SectionEditValues {
  title: string;
  parentId: string;
  version: number;
}

/**
 * Rename a section or move it under another one. The address is shown, not edited: it stays,
 * so links to the section keep working (decision 079).
 */
export function SectionEditForm({
  values,
  slug,
  errors = {},
  parents,
}: {
  values: SectionEditValues;
  slug: string;
  errors?: FieldErrors;
  parents: ParentOption[];
}) {
  return (
    <Form method="post" className="section-form" aria-labelledby="section-edit-heading">
      <h2 id="section-edit-heading">Название и место</h2>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="version" value={values.version} />
      <div className="section-form__row">
        <FormGroup id="section-title" label="Название" error={errors.title} required>
          {(p) => <input {...p} name="title" maxLength={SECTION_TITLE_MAX} defaultValue={values.title} />}
        </FormGroup>
        <FormGroup id="section-parent" label="Родительский раздел" error={errors.parentId}>
          {(p) => <SectionParentSelect control={p} options={parents} value={values.parentId} />}
        </FormGroup>
      </div>
      <p className="section-form__note">
        Адрес: <code>{`/catalog/${slug}/`}</code> — не меняется, чтобы ссылки на раздел продолжали работать.
      </p>
      {errors.version ? (
        <p role="alert" className="section-form__alert">
          {errors.version}
        </p>
      ) : null}
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
