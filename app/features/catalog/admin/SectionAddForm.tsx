import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { SECTION_SLUG_MAX, SECTION_TITLE_MAX } from "../section-form.ts";
import { SectionParentSelect, type ParentOption } from "./SectionParentSelect.tsx";

export interface SectionAddValues {
  title: string;
  slug: string;
  parentId: string;
}

/** A new section: title, address (made from the title when left empty) and where it goes. */
export function SectionAddForm({ values, errors = {}, parents }: { values: SectionAddValues; errors?: FieldErrors; parents: ParentOption[] }) {
  return (
    <Form method="post" className="section-form" aria-labelledby="section-add-heading">
      <h2 id="section-add-heading">Новый раздел</h2>
      <input type="hidden" name="intent" value="add" />
      <div className="section-form__row">
        <FormGroup id="section-add-title" label="Название" error={errors.title} required>
          {(p) => <input {...p} name="title" maxLength={SECTION_TITLE_MAX} defaultValue={values.title} />}
        </FormGroup>
        <FormGroup id="section-add-slug" label="Адрес" hint="Латиницей; пусто — из названия" error={errors.slug}>
          {(p) => <input {...p} name="slug" maxLength={SECTION_SLUG_MAX} defaultValue={values.slug} autoCapitalize="off" spellCheck={false} />}
        </FormGroup>
        <FormGroup id="section-add-parent" label="Родительский раздел" error={errors.parentId}>
          {(p) => <SectionParentSelect control={p} options={parents} value={values.parentId} />}
        </FormGroup>
      </div>
      <button type="submit" className="button">
        Добавить раздел
      </button>
    </Form>
  );
}
