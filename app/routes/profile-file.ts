import type { Route } from "./+types/profile-file";
import { servicesContext, sessionContext } from "../context.ts";
import { contentDisposition, findProfileFile, readProfileFile } from "../features/accounts/index.server.ts";

const notFound = () => new Response("Файл не найден", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /profile/file/<id>/ — the owner's file, and only theirs. Always a download unless
 * `?inline=1` (the avatar preview); nosniff comes from helmet on every response; the file's own
 * CSP forbids everything, so even a file opened directly can run nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage, logger } = context.get(servicesContext);
  const userId = context.get(sessionContext).userId;
  if (userId === null) return notFound();
  const file = await findProfileFile(db, userId, params.id);
  if (!file) return notFound();
  let bytes: Buffer;
  try {
    bytes = await readProfileFile(storage, file.id);
  } catch (err) {
    logger.warn({ err, id: file.id }, "profile file row without bytes");
    return notFound();
  }
  const inline = new URL(request.url).searchParams.get("inline") === "1";
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(file.name, inline),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
