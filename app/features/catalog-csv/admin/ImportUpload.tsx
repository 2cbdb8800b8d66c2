import { Form, useNavigation } from "react-router";

/** The file picker of «Импорт»: a plain multipart form, so it works without JavaScript too. */
export function ImportUpload({ error }: { error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="admin-card" aria-labelledby="import-upload-title">
      <h2 id="import-upload-title">Загрузить CSV</h2>
      <p className="admin-card__hint">
        Столбцы: id, slug, title, section, price, old_price, stock, published и свойства по коду (несколько значений через «|»). Кодировка UTF-8 или
        Windows-1251, разделитель «;» или «,». Сначала покажем, что изменится.
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <input type="hidden" name="intent" value="upload" />
        <label className="import-file">
          <span>Файл CSV</span>
          <input type="file" name="file" accept=".csv,text/csv" required aria-describedby={error ? "import-error" : undefined} />
        </label>
        {error ? (
          <p id="import-error" className="import-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          Показать изменения
        </button>
      </Form>
    </section>
  );
}
