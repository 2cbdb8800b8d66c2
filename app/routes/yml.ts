import type { Route } from "./+types/yml";
import { servicesContext } from "../context.ts";
import { FeedUnavailableError, openFeedFile, ymlFeed, type BuiltFeed, feedFileResponse } from "../features/feed-yml/index.server.ts";
import { acceptsGzip } from "../lib/accept-encoding.ts";

/**
 * /yml.xml — the Yandex Market feed — and /yml.xml.gz, the same bytes gzipped. Built into files
 * after catalogue changes, not per request (app/features/feed-yml/yml-feed.server.ts), and streamed from them.
 * A client of /yml.xml that accepts gzip gets the gzip file as Content-Encoding (its own ETag), so
 * a 200 MB feed is never compressed again per request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, publicUrl, logger } = context.get(servicesContext);
  let feed: BuiltFeed;
  try {
    feed = await ymlFeed(db, storage, publicUrl, { onBuildError: (err) => logger.error({ err }, "yml feed build failed") });
  } catch (error) {
    if (!(error instanceof FeedUnavailableError)) throw error;
    // no feed was ever written (a full disk, a folder that cannot be written): Market comes back later (decision 100)
    return new Response("Фид временно недоступен: его не удалось записать на диск сайта. Повторите запрос через минуту.", {
      status: 503,
      headers: { "Retry-After": "60", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const modifiedAt = feed.builtAt;
  if (new URL(request.url).pathname.endsWith(".gz")) {
    const { gzip } = feed;
    return feedFileResponse(request, { etag: gzip.etag, size: gzip.size, modifiedAt, contentType: "application/gzip" }, () => openFeedFile(db, storage, gzip));
  }
  const xml = "application/xml; charset=utf-8";
  if (acceptsGzip(request.headers.get("accept-encoding"))) {
    const { gzip } = feed;
    // a representation of its own: the gzip file's hash, marked so it never matches /yml.xml.gz's
    const etag = gzip.etag.replace(/"$/, '-z"');
    return feedFileResponse(request, { etag, size: gzip.size, modifiedAt, contentType: xml, encoding: "gzip", negotiated: true }, () =>
      openFeedFile(db, storage, gzip),
    );
  }
  return feedFileResponse(request, { etag: feed.xml.etag, size: feed.xml.size, modifiedAt, contentType: xml, negotiated: true }, () =>
    openFeedFile(db, storage, feed.xml),
  );
}
