import { redirect } from "react-router";
import type { Route } from "./+types/profile-file-add";
import { servicesContext, sessionContext } from "../context.ts";
import { filesOfForm, MAX_BODY_BYTES, prepareImage, saveProfileFile, type FilePurpose, type SavedFile } from "../features/accounts/index.server.ts";
import { parseUploadBody, readLimitedBody } from "../http/request-body.server.ts";
import { FILE_MESSAGES } from "../lib/file-checks.ts";
import { UploadError } from "../lib/upload-error.ts";

/**
 * POST /profile/file/add/ — `fileName` + `file` as a data URL (docs/behaviour.md «Uploads»), as
 * form fields or as a JSON body `{fileName, file}`, or multipart `file` parts (the no-JS form).
 * JSON callers get `{id, filePath, name, size}` or `{error}`; a plain form post gets a 303 back to
 * the profile with the outcome in the session's flash.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, logger } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const html = (request.headers.get("accept") ?? "").includes("text/html");
  // only the signed-in owner may add: to anyone else the endpoint does not exist
  if (session.userId === null) return Response.json({ error: FILE_MESSAGES.notFound }, { status: 404 });
  const userId = session.userId;

  const saved: SavedFile[] = [];
  const errors: string[] = [];
  let status = 200;
  let purpose: FilePurpose = "files";
  try {
    const body = await readLimitedBody(request, MAX_BODY_BYTES, FILE_MESSAGES.bodyTooLarge);
    const form = await parseUploadBody(body, request.headers.get("content-type"));
    purpose = form.get("purpose") === "avatar" ? "avatar" : "files";
    let files = await filesOfForm(form);
    if (purpose === "avatar") files = files.slice(0, 1);
    if (files.length === 0) throw new UploadError(400, FILE_MESSAGES.noFile);
    for (const file of files) {
      try {
        saved.push(await saveProfileFile(db, storage, userId, await prepareImage(file), purpose));
      } catch (err) {
        if (!(err instanceof UploadError)) throw err;
        if (err.status === 507) logger.error({ err: err.cause ?? err, userId }, "profile file not stored");
        errors.push(err.message);
        status = err.status;
      }
    }
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    errors.push(err.message);
    status = err.status;
  }

  if (html) {
    await session.update({ flash: { files: { purpose, saved: saved.map((f) => f.name), errors } } });
    return redirect(purpose === "avatar" ? "/profile/#photo" : "/profile/#files", {
      status: 303,
      headers: status === 413 ? { Connection: "close" } : undefined,
    });
  }
  const [first] = saved;
  if (!first) {
    // after a 413 the rest of the body is still on the wire: close instead of reading it
    const headers: Record<string, string> = status === 413 ? { "Cache-Control": "no-store", Connection: "close" } : { "Cache-Control": "no-store" };
    return Response.json({ error: errors[0] ?? FILE_MESSAGES.uploadFailed }, { status, headers });
  }
  const answer = { id: first.id, filePath: first.filePath, name: first.name, size: first.size, replaced: first.replaced };
  return Response.json(saved.length > 1 || errors.length ? { ...answer, files: saved, errors } : answer, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/profile/#files");
}
