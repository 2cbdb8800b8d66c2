// An idempotency key made in the browser (a dialog's form has no page load to bring one): 24
// random bytes as URL-safe text, from getRandomValues, which works on plain http too.
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
