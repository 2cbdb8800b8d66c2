// A product's pictures from 1C (`<Картинка>import_files/…</Картинка>`, decision 088): the files
// the session received go through the back office's image pipeline (checked, re-encoded to
// AVIF/WebP at the storefront's widths). A file whose bytes were stored for the product before
// (same SHA-256) is kept, not encoded again. A bad picture is an error line for the session's
// report, never a failed import. Pictures staff added by hand stay after the imported ones.
import crypto from "node:crypto";
import type { Db } from "../../db/database.server.ts";
import type { ProductImage } from "../../db/schema.ts";
import { safeExchangeName } from "./exchange-1c.ts";
import type { ExchangeFileEntry } from "./exchange-1c.server.ts";
import { UploadError } from "../../lib/upload-error.ts";
import { MEDIA_IMAGE_MAX_BYTES, MEDIA_IMAGE_MESSAGES, removeMediaImage, storeMediaImage } from "../media/index.server.ts";
import type { FileStorage } from "../../lib/ports.ts";
import { isProductImage, parseJsonList } from "../../lib/json-columns.ts";

export interface PictureResult {
  stored: number;
  errors: string[];
}

/** Puts the pictures 1C lists for the product (by its «Ид») on it; errors are returned, not thrown. */
export async function importProductPictures(
  db: Db,
  storage: FileStorage,
  mediaDir: string,
  files: Record<string, ExchangeFileEntry>,
  productExternalId: string,
  pictures: readonly string[],
): Promise<PictureResult> {
  const result: PictureResult = { stored: 0, errors: [] };
  const product = await db.kysely.selectFrom("products").select(["id", "title", "images"]).where("external_id", "=", productExternalId).executeTakeFirst();
  if (!product) return result;
  const known = await db.kysely.selectFrom("exchange_pictures").selectAll().where("product_id", "=", product.id).execute();
  const byHash = new Map(known.map((k) => [k.source_hash, k]));
  const imported: ProductImage[] = [];
  const keptHashes = new Set<string>();
  const added: { hash: string; image: ProductImage }[] = [];
  for (const name of pictures) {
    const safe = safeExchangeName(name);
    const file = safe ? files[safe] : undefined;
    if (!safe || !file) {
      result.errors.push(`Картинка ${name.slice(0, 200)} не получена в этом сеансе обмена (товар ${productExternalId})`);
      continue;
    }
    if (file.bytes > MEDIA_IMAGE_MAX_BYTES) {
      result.errors.push(`${MEDIA_IMAGE_MESSAGES.tooLarge(safe)} (товар ${productExternalId})`);
      continue;
    }
    const bytes = await storage.read(file.key);
    const hash = crypto.createHash("sha256").update(bytes).digest("hex");
    const before = byHash.get(hash);
    if (before) {
      keptHashes.add(hash);
      imported.push({ src: before.src, alt: product.title, width: before.width, height: before.height });
      continue;
    }
    try {
      const stored = await storeMediaImage(mediaDir, "products", { name: safe, bytes });
      const image = { src: stored.src, alt: product.title, width: stored.width, height: stored.height };
      added.push({ hash, image });
      keptHashes.add(hash);
      imported.push(image);
      result.stored++;
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      result.errors.push(`${error.message} (товар ${productExternalId})`);
    }
  }
  const dropped = known.filter((k) => !keptHashes.has(k.source_hash));
  const fromExchange = new Set(known.map((k) => k.src));
  const own = parseJsonList(product.images, isProductImage).filter((i) => !fromExchange.has(i.src));
  await db.kysely.transaction().execute(async (trx) => {
    for (const { hash, image } of added)
      await trx
        .insertInto("exchange_pictures")
        .values({ product_id: product.id, source_hash: hash, src: image.src, width: image.width, height: image.height })
        .execute();
    if (dropped.length)
      await trx
        .deleteFrom("exchange_pictures")
        .where("product_id", "=", product.id)
        .where(
          "source_hash",
          "in",
          dropped.map((d) => d.source_hash),
        )
        .execute();
    await trx
      .updateTable("products")
      .set({ images: JSON.stringify([...imported, ...own]) })
      .where("id", "=", product.id)
      .execute();
  });
  // the files of pictures 1C no longer lists go once the product no longer points at them
  for (const d of dropped) await removeMediaImage(mediaDir, d.src);
  return result;
}
