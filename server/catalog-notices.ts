// Catalogue changes announced to the other instances over Redis pub/sub (REDIS_URL,
// docs/decisions/094-shared-state-with-redis.md). Without it each instance learns of another's
// change at its next request-driven generation check (decision 074), and an instance nobody asks
// learns nothing until asked; with it every instance patches its index at once.
import type { Logger } from "pino";
import type { Db } from "../app/db/database.server.ts";
import { announceCatalogChanges, catchUpCatalogIndex } from "../app/features/catalog/index.server.ts";
import type { SharedRedis } from "./redis.ts";

const CATALOG_CHANNEL = "catalog-changes";

/**
 * Announces this instance's catalogue changes to the others, and on their announcements brings
 * this instance's index up to date at once, even when no request comes in to check. The
 * generation in the database stays the truth: a lost notice only means waiting for the next check.
 * Resolves once this instance listens (at once while Redis is down).
 */
export async function shareCatalogChanges(db: Db, redis: SharedRedis, logger: Logger): Promise<void> {
  announceCatalogChanges(db, (generation) => redis.publish(CATALOG_CHANNEL, String(generation)));
  await redis.subscribe(CATALOG_CHANNEL, (announced) => {
    const started = performance.now();
    void catchUpCatalogIndex(db)
      .then((index) => {
        if (!index) return;
        logger.debug(
          {
            announced: announced === null ? "missed while disconnected" : Number(announced),
            generation: index.generation,
            ms: Math.round(performance.now() - started),
          },
          "catalogue index caught up after a change notice",
        );
      })
      .catch((err: unknown) => logger.error({ err }, "catalogue index failed to catch up after a change notice"));
  });
}
