// Plain text staff or shoppers typed (an older product description, a review): paragraphs are
// separated by blank lines.

/** The paragraphs of plain text, trimmed, empty ones dropped; line ends of any system. */
export function plainTextParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
