import type { Route } from "./+types/yml";
import { servicesContext } from "../context.ts";
import { openFeedFile, ymlFeed } from "../domain/yml-feed.server.ts";
import { feedFileResponse } from "../http/feed-response.server.ts";

/**
 * /yml.xml — the Yandex Market feed — and /yml.xml.gz, the same bytes gzipped. Built into files
 * after catalogue changes, not per request (app/domain/yml-feed.server.ts), and streamed from them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, publicUrl } = context.get(servicesContext);
  const feed = await ymlFeed(db, storage, publicUrl);
  const gz = new URL(request.url).pathname.endsWith(".gz");
  const file = gz ? feed.gzip : feed.xml;
  return feedFileResponse(
    request,
    { etag: file.etag, size: file.size, modifiedAt: feed.builtAt, contentType: gz ? "application/gzip" : "application/xml; charset=utf-8" },
    () => openFeedFile(storage, file),
  );
}
