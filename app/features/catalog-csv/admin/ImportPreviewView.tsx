import { Form, useNavigation } from "react-router";
import type { ImportPreview } from "../catalog-import-types.ts";
import { countOf } from "../../../lib/format.ts";

const ROWS: [string, string, string] = ["строка", "строки", "строк"];

/** What an uploaded file would do: counts, then the tables; «Применить» only when no row is in error. */
export function ImportPreviewView({ session, fileName, preview, error }: { session: string; fileName: string; preview: ImportPreview; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  const { counts } = preview;
  const more = (shown: number, all: number) => (all > shown ? <p className="admin-card__hint">{`Показаны первые ${shown} из ${all}.`}</p> : null);
  return (
    <div className="import-preview">
      <p role="status" className="import-summary">
        {`Файл «${fileName}» (${preview.encoding === "utf-8" ? "UTF-8" : "Windows-1251"}, разделитель «${preview.separator}»): ${countOf(preview.rows, ROWS)}. `}
        {`Создать: ${counts.create}, изменить: ${counts.change}, без изменений: ${preview.unchanged}, с ошибками: ${counts.errors}.`}
      </p>
      {preview.titles.length > 0 ? (
        <div className="import-titles">
          {/* a file read in the wrong encoding shows here as mojibake, before anything is applied */}
          <p>Так будут читаться названия (первые строки файла):</p>
          <ul aria-label="Первые названия из файла">
            {preview.titles.map((t, i) => (
              <li key={i}>{`«${t}»`}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {counts.errors > 0 ? (
        <section aria-labelledby="import-errors-title">
          <h2 id="import-errors-title">{`Ошибки (${counts.errors})`}</h2>
          <p className="import-error">Файл не будет применён, пока в нём есть ошибки: исправьте строки и загрузите его снова.</p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Строка</th>
                  <th scope="col">Причина</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((e) => (
                  <tr key={e.line}>
                    <td>{e.line}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more(preview.errors.length, counts.errors)}
        </section>
      ) : null}

      {counts.change > 0 ? (
        <section aria-labelledby="import-change-title">
          <h2 id="import-change-title">{`Изменить (${counts.change})`}</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Строка</th>
                  <th scope="col">Товар</th>
                  <th scope="col">Было → стало</th>
                </tr>
              </thead>
              <tbody>
                {preview.change.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{`${r.title} (${r.slug})`}</td>
                    <td>
                      <ul className="import-fields">
                        {r.fields.map((f) => (
                          <li key={f.field}>{`${f.field}: ${f.before || "—"} → ${f.after || "—"}`}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more(preview.change.length, counts.change)}
        </section>
      ) : null}

      {counts.create > 0 ? (
        <section aria-labelledby="import-create-title">
          <h2 id="import-create-title">{`Создать (${counts.create})`}</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Строка</th>
                  <th scope="col">Адрес</th>
                  <th scope="col">Название</th>
                </tr>
              </thead>
              <tbody>
                {preview.create.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.slug}</td>
                    <td>{r.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more(preview.create.length, counts.create)}
        </section>
      ) : null}

      {error ? (
        <p className="import-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="import-actions">
        {/* posted to the preview's own address, so a refusal is shown beside the preview */}
        <Form method="post" action={`/admin/import/?session=${session}`} encType="multipart/form-data">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="session" value={session} />
          <button type="submit" className="button button--action" disabled={busy}>
            Применить
          </button>
        </Form>
        <a className="button button--ghost" href="/admin/import/">
          Загрузить другой файл
        </a>
      </div>
    </div>
  );
}
