import { data, redirect } from "react-router";
import type { Route } from "./+types/import";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../domain/stock-notices.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { parseFormBody, readLimitedBody } from "../../http/request-body.server.ts";
import { UploadError } from "../../domain/files.server.ts";
import {
  applyCatalogCsv,
  CatalogFileError,
  CSV_UPLOAD_MAX_BYTES,
  CSV_TOO_LARGE,
  decodeCatalogFile,
  dropImportSession,
  loadImportSession,
  previewCatalogCsv,
  saveImportSession,
} from "../../domain/catalog-import.server.ts";
import type { ImportPreview, ShownPreview } from "../../domain/catalog-import-types.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { countOf } from "../../lib/format.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";
import { ImportUpload } from "../../components/admin/import/ImportUpload.tsx";
import { ImportPreviewView } from "../../components/admin/import/ImportPreviewView.tsx";
import "../../components/admin/import/import.css";

export const meta: Route.MetaFunction = () => adminMeta("Импорт");

/** rows shown per table: the counts say how many there are in all */
const SHOWN = 200;

function shortPreview(p: ImportPreview): ShownPreview {
  return {
    ...p,
    counts: { create: p.create.length, change: p.change.length, errors: p.errors.length },
    create: p.create.slice(0, SHOWN),
    change: p.change.slice(0, SHOWN),
    errors: p.errors.slice(0, SHOWN),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "import");
  const { db } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const applied = done ? done.split(".").map(Number) : null;
  const sessionId = params.get("session");
  if (!sessionId) return { session: null, fileName: null, preview: null, applied, error: null };
  const file = await loadImportSession(db, staff.id, sessionId);
  if (!file)
    return data(
      { session: null, fileName: null, preview: null, applied, error: "Файл устарел или загружен другим сотрудником: загрузите его ещё раз." },
      { status: 404 },
    );
  try {
    const preview = await previewCatalogCsv(db, file.text);
    return { session: sessionId, fileName: file.fileName, preview: shortPreview(preview), applied, error: null };
  } catch (e) {
    if (e instanceof CatalogFileError) return data({ session: null, fileName: file.fileName, preview: null, applied, error: e.message }, { status: 400 });
    throw e;
  }
}

type Failure = { error: string };

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "import");
  const { db, mailer, logger, publicUrl } = args.context.get(servicesContext);
  let form: FormData;
  try {
    form = await parseFormBody(await readLimitedBody(args.request, CSV_UPLOAD_MAX_BYTES, CSV_TOO_LARGE), args.request.headers.get("content-type"));
  } catch (e) {
    if (e instanceof UploadError) return data<Failure>({ error: e.message }, { status: e.status, headers: e.status === 413 ? { Connection: "close" } : {} });
    throw e;
  }
  if (form.get("intent") === "apply") {
    const sessionId = String(form.get("session") ?? "");
    const file = await loadImportSession(db, staff.id, sessionId);
    if (!file) return data<Failure>({ error: "Файл устарел или загружен другим сотрудником: загрузите его ещё раз." }, { status: 404 });
    try {
      const result = await applyCatalogCsv(db, staff, file.text);
      if (!result.ok)
        return data<Failure>(
          {
            error: `Не применено, ничего не изменено: ${countOf(result.preview.errors.length, ["строка", "строки", "строк"])} с ошибками. Исправьте их и загрузите файл снова.`,
          },
          { status: 409 },
        );
      await dropImportSession(db, sessionId);
      // after the commit: subscribers of products back in stock get their one letter (decision 084)
      await notifyBackInStock(db, mailer, publicUrl).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
      return redirect(`/admin/import/?done=${result.created}.${result.changed}.${result.unchanged}`, { status: 303 });
    } catch (e) {
      if (e instanceof CatalogFileError) return data<Failure>({ error: e.message }, { status: 400 });
      throw e;
    }
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return data<Failure>({ error: "Выберите файл CSV" }, { status: 400 });
  try {
    const { text } = decodeCatalogFile(new Uint8Array(await file.arrayBuffer()));
    // a file that is not a catalogue CSV is refused here, before it is kept
    await previewCatalogCsv(db, text);
    const id = await saveImportSession(db, staff.id, file.name || "catalog.csv", text);
    return redirect(`/admin/import/?session=${id}`, { status: 303 });
  } catch (e) {
    if (e instanceof CatalogFileError) return data<Failure>({ error: e.message }, { status: 400 });
    throw e;
  }
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, fileName, preview, applied, error } = loaderData;
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
      {session && preview ? (
        <ImportPreviewView session={session} fileName={fileName ?? ""} preview={preview} error={failed?.error ?? null} />
      ) : (
        <ImportUpload error={failed?.error ?? error} />
      )}
    </AdminPage>
  );
}
