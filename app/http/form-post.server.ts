// A posted callback or feedback form, read from the request and handed to the shop's logic as
// FormData. A broken body is a field error for the visitor, never a 500.
import { FORM_BODY_MAX_BYTES, submitForm, type FormServices, type SubmissionMeta, type SubmissionOutcome } from "../features/requests/index.server.ts";
import { isFormName, type FormName } from "../features/requests/index.ts";

/** Reads a posted form (urlencoded or multipart) and submits it; a broken body is a field error, never a 500. */
export async function submitFormRequest(
  services: FormServices,
  /** null: the form is named by the pressed button (`ajax`, docs/behaviour.md «Forms») */
  form: FormName | null,
  request: Request,
  meta: SubmissionMeta,
): Promise<SubmissionOutcome & { form: FormName | null }> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > FORM_BODY_MAX_BYTES)
    return { status: "invalid", form, errors: { "files[]": "Файлы слишком большие: приложите изображение до 2 МБ" }, values: {} };
  let data: FormData;
  try {
    data = await request.formData();
  } catch {
    return { status: "invalid", form, errors: { form: "Не удалось прочитать форму. Обновите страницу и попробуйте ещё раз." }, values: {} };
  }
  const name = form ?? data.get("ajax");
  if (!isFormName(name)) return { status: "invalid", form: null, errors: { form: "Такой формы нет. Обновите страницу и попробуйте ещё раз." }, values: {} };
  return { ...(await submitForm(services, name, data, meta)), form: name };
}
