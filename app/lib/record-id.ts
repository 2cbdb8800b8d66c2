// Ids in back-office addresses and forms (/admin/requests/<id>/, a review's hidden id): a positive
// whole number of at most nine digits, or null, which the route answers with 404 or 400.
export function parseRecordId(raw: unknown): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
