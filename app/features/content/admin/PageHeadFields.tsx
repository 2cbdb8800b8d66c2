import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";

/** A page's title and its description for search engines: the first fields of every page editor. */
export function PageHeadFields({ page, errors }: { page: { title: string; summary: string }; errors: FieldErrors }) {
  return (
    <>
      <FormGroup id="page-title" label="Заголовок" error={errors.title} required>
        {(p) => <input {...p} name="title" maxLength={200} defaultValue={page.title} />}
      </FormGroup>
      <FormGroup id="page-summary" label="Описание для поисковиков" error={errors.summary}>
        {(p) => <textarea {...p} name="summary" rows={2} maxLength={500} defaultValue={page.summary} />}
      </FormGroup>
    </>
  );
}
