import type { Route } from "./+types/yml";
import { servicesContext } from "../context.ts";
import { ymlFeed } from "../domain/yml-feed.server.ts";
import { feedResponse } from "../http/feed-response.server.ts";

/**
 * /yml.xml — the Yandex Market feed — and /yml.xml.gz, the same bytes gzipped. Built after
 * catalogue changes and kept, not built per request (app/domain/yml-feed.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, publicUrl } = context.get(servicesContext);
  const feed = await ymlFeed(db, publicUrl);
  if (new URL(request.url).pathname.endsWith(".gz")) return feedResponse(request, feed.gzip, "application/gzip", feed.builtAt);
  return feedResponse(request, feed.xml, "application/xml; charset=utf-8", feed.builtAt);
}
