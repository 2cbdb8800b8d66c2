import { data, redirect } from "react-router";
import type { Route } from "./+types/import";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../features/requests/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { parseFormParts, readLimitedBody, type FormParts } from "../../http/request-body.server.ts";
import { UploadError } from "../../lib/upload-error.ts";
import {
  applyCatalogImport,
  CatalogFileError,
  CSV_UPLOAD_MAX_BYTES,
  CSV_TOO_LARGE,
  startCatalogImport,
  loadImportSession,
} from "../../features/catalog-csv/index.server.ts";
import type { ImportPreview } from "../../features/catalog-csv/index.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { countOf } from "../../lib/format.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { ImportUpload } from "../../features/catalog-csv/components.ts";
import { ImportPreviewView } from "../../features/catalog-csv/components.ts";
import "../../features/catalog-csv/admin/import.css";

export const meta: Route.MetaFunction = () => adminMeta("Импорт");

const GONE = "Файл устарел или загружен другим сотрудником: загрузите его ещё раз.";

type View = {
  session: string | null;
  fileName: string | null;
  preview: ImportPreview | null;
  /** rows read so far while the preview is being built */
  reading: number | null;
  /** rows being written while «Применить» runs in the background */
  applying: number | null;
  applied: number[] | null;
  error: string | null;
};

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "import");
  const { db, catalogHeapBytes } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const applied = done ? done.split(".").map(Number) : null;
  const sessionId = params.get("session");
  const empty: View = { session: null, fileName: null, preview: null, reading: null, applying: null, applied, error: null };
  if (!sessionId) return empty;
  const view = await loadImportSession(db, staff.id, sessionId, { heapLimitBytes: catalogHeapBytes });
  if (!view) return data<View>({ ...empty, error: GONE }, { status: 404 });
  if (view.status === "failed") return data<View>({ ...empty, fileName: view.fileName, error: view.error }, { status: 400 });
  if (view.status === "reading") return { ...empty, session: sessionId, fileName: view.fileName, reading: view.rows };
  if (view.status === "applying") return { ...empty, session: sessionId, fileName: view.fileName, applying: view.rows };
  if (view.status === "applied") throw redirect(`/admin/import/?done=${view.created}.${view.changed}.${view.unchanged}`, { status: 303 });
  // a refused «Применить» that ran in the background, or a catalogue too large for this server's heap
  return { ...empty, session: sessionId, fileName: view.fileName, preview: view.preview, error: view.error ?? view.preview.capacity };
}

type Failure = { error: string };

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "import");
  const { db, mailer, logger, publicUrl, catalogHeapBytes } = args.context.get(servicesContext);
  let form: FormParts;
  try {
    // the file's bytes stay a view of the body, held once (decision 104)
    form = parseFormParts(await readLimitedBody(args.request, CSV_UPLOAD_MAX_BYTES, CSV_TOO_LARGE), args.request.headers.get("content-type"));
  } catch (e) {
    if (e instanceof UploadError) return data<Failure>({ error: e.message }, { status: e.status, headers: e.status === 413 ? { Connection: "close" } : {} });
    throw e;
  }
  if (form.fields.get("intent") === "apply") {
    const sessionId = form.fields.get("session") ?? "";
    const notify = () => notifyBackInStock(db, mailer, publicUrl).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
    const result = await applyCatalogImport(db, staff, staff.id, sessionId, {
      heapLimitBytes: catalogHeapBytes,
      onError: (err) => logger.error({ err }, "catalogue import apply failed"),
      onApplied: () => void notify(),
    });
    if (!result) return data<Failure>({ error: GONE }, { status: 404 });
    // a large file goes on being written in the background: the page shows its progress (decision 103)
    if (!result.ok && result.applying) return redirect(`/admin/import/?session=${sessionId}`, { status: 303 });
    if (!result.ok) {
      const error = result.preview
        ? `Не применено, ничего не изменено: ${countOf(result.preview.counts.errors, ["строка", "строки", "строк"])} с ошибками. Исправьте их и загрузите файл снова.`
        : result.message;
      return data<Failure>({ error }, { status: 409 });
    }
    // after the commit: subscribers of products back in stock get their one letter (decision 084)
    await notify();
    return redirect(`/admin/import/?done=${result.created}.${result.changed}.${result.unchanged}`, { status: 303 });
  }
  const file = form.files.get("file");
  if (!file || file.bytes.byteLength === 0) return data<Failure>({ error: "Выберите файл CSV" }, { status: 400 });
  let started;
  try {
    // encoding and header are checked first: a file that is not a catalogue CSV is refused before
    // it is kept; the bytes are handed over to the worker thread that plans the preview
    started = await startCatalogImport(db, staff.id, file.fileName || "catalog.csv", file.bytes);
  } catch (e) {
    if (e instanceof CatalogFileError) return data<Failure>({ error: e.message }, { status: 400 });
    throw e;
  }
  // the rows are planned in the background, a chunk at a time; the page shows the progress (decision 098)
  void started.done.then((err) => {
    if (err) logger.error({ err }, "catalogue import preview failed");
  });
  return redirect(`/admin/import/?session=${started.id}`, { status: 303 });
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, fileName, preview, reading, applying, applied, error } = loaderData;
  const failed = actionData as Failure | undefined;
  return (
    <AdminPage
      title="Импорт"
      actions={
        <>
          <a className="button button--ghost" href="/admin/import/catalog.csv" download>
            Скачать CSV
          </a>
          {/* the exchange page has no navigation link of its own (DESIGN's list) */}
          <a className="button button--ghost" href="/admin/exchange/">
            Обмен и фид для Маркета
          </a>
        </>
      }
    >
      {applied ? <p role="status" className="import-done">{`Применено: создано ${applied[0]}, изменено ${applied[1]}, без изменений ${applied[2]}.`}</p> : null}
      {session && reading !== null ? (
        <div className="import-preview">
          {/* no script needed: the page asks again each second until the preview is ready */}
          <meta httpEquiv="refresh" content="1" />
          <p
            role="status"
            className="import-summary"
          >{`Файл «${fileName ?? ""}» разбирается: прочитано ${countOf(reading, ["строка", "строки", "строк"])}…`}</p>
        </div>
      ) : session && applying !== null ? (
        <div className="import-preview">
          {/* the writes run in the background; the page asks again each second until they are done */}
          <meta httpEquiv="refresh" content="1" />
          <p role="status" className="import-summary">{`Файл «${fileName ?? ""}» применяется: ${countOf(applying, ["строка", "строки", "строк"])}…`}</p>
        </div>
      ) : session && preview ? (
        <ImportPreviewView session={session} fileName={fileName ?? ""} preview={preview} error={failed?.error ?? error} />
      ) : (
        <ImportUpload error={failed?.error ?? error} />
      )}
    </AdminPage>
  );
}
