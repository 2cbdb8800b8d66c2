import type { Route } from "./+types/request-file";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { readRequestAttachment } from "../../features/requests/index.server.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { contentDisposition } from "../../features/accounts/index.server.ts";

const notFound = () => new Response("Файл не найден", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /admin/requests/<id>/files/<n>/ — a request's attachment, for staff who may open «Заявки»
 * and nobody else. The files live in private storage (UPLOAD_DIR/forms), never under /media, so
 * this is their only way out. Always a download (nosniff comes from helmet on every response), and the file's own CSP forbids everything.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "requests");
  const { db, storage, logger } = args.context.get(servicesContext);
  const id = parseRecordId(args.params.id);
  const n = parseRecordId(args.params.n);
  if (id === null || n === null) return notFound();
  let file: Awaited<ReturnType<typeof readRequestAttachment>>;
  try {
    file = await readRequestAttachment(db, storage, id, n);
  } catch (err) {
    logger.warn({ err, request: id, n }, "request attachment without bytes");
    return notFound();
  }
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition(file.name),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
