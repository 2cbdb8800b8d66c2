// Ids of rows as requests name them, or null, which the route answers with 404 or 400.

/** In back-office addresses and forms (/admin/requests/<id>/, a review's hidden id): a positive whole number of at most nine digits. */
export function parseRecordId(raw: unknown): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** In the JSON and form posts of the cart and favourites, strictly: a positive JSON integer or a string of digits («0x10», «1e1», true → null). */
export function parseId(raw: unknown): number | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
