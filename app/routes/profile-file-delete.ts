import { redirect } from "react-router";
import type { Route } from "./+types/profile-file-delete";
import { servicesContext, sessionContext } from "../context.ts";
import { deleteProfileFile } from "../features/accounts/index.server.ts";
import { UploadError } from "../lib/upload-error.ts";
import { parseFormBody, readLimitedBody } from "../http/request-body.server.ts";
import { FILE_MESSAGES } from "../lib/file-checks.ts";

/** POST /profile/file/delete/ with `id`: the owner's file goes; for anyone else it does not exist (404). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const html = (request.headers.get("accept") ?? "").includes("text/html");
  let id = "";
  try {
    const form = await parseFormBody(await readLimitedBody(request, 16 * 1024, "Слишком большой запрос"), request.headers.get("content-type"));
    id = String(form.get("id") ?? "");
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    return Response.json({ error: err.message }, { status: err.status });
  }
  const deleted = session.userId !== null && (await deleteProfileFile(db, storage, session.userId, id));
  if (html) return redirect(deleted ? "/profile/#files" : "/profile/", { status: 303 });
  if (!deleted) return Response.json({ error: FILE_MESSAGES.notFound }, { status: 404 });
  return Response.json({});
}

export function loader() {
  return redirect("/profile/#files");
}
