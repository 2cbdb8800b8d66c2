import { Form } from "react-router";
import type { RequestDetail, StaffOption } from "../request-types.ts";
import { REQUEST_NOTE_MAX, REQUEST_STATUSES } from "../request-status.ts";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import "./RequestEditor.css";

interface Props {
  request: Pick<RequestDetail, "id" | "status" | "assigneeId" | "note" | "version">;
  assignees: StaffOption[];
  errors: Partial<Record<"status" | "assignee" | "note", string>>;
  /** «Сохранено», or why the save was refused */
  message: string | null;
  failed: boolean;
}

/** Status, assignee and note of one request: a plain POST form (303 back), the version guarding against a stale save. */
export function RequestEditor({ request, assignees, errors, message, failed }: Props) {
  return (
    <Form method="post" className="request-editor" aria-labelledby="request-editor-title">
      <h2 id="request-editor-title">Обработка</h2>
      <input type="hidden" name="version" value={request.version} />
      <fieldset className="request-editor__status" aria-describedby={errors.status ? "request-status-error" : undefined}>
        <legend>Статус</legend>
        {Object.entries(REQUEST_STATUSES).map(([value, title]) => (
          <label key={value} className="request-editor__radio">
            <input type="radio" name="status" value={value} defaultChecked={request.status === value} />
            {title}
          </label>
        ))}
        {errors.status ? (
          <p id="request-status-error" className="form-group__error">
            {errors.status}
          </p>
        ) : null}
      </fieldset>
      <FormGroup id="request-assignee" label="Ответственный" error={errors.assignee}>
        {(control) => (
          <select {...control} name="assignee" defaultValue={request.assigneeId === null ? "" : String(request.assigneeId)}>
            <option value="">Не назначен</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name ? `${a.name} (${a.email})` : a.email}
              </option>
            ))}
          </select>
        )}
      </FormGroup>
      <FormGroup id="request-note" label="Заметка" error={errors.note} hint="Видна только сотрудникам">
        {(control) => <textarea {...control} name="note" rows={4} maxLength={REQUEST_NOTE_MAX} defaultValue={request.note} />}
      </FormGroup>
      <div className="request-editor__actions">
        <button type="submit" className="button button--action">
          Сохранить
        </button>
        {message ? (
          <p role={failed ? "alert" : "status"} className={failed ? "form-group__error" : "request-editor__saved"}>
            {message}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
