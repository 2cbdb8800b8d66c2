// What a visitor reads on a page the server sent: tags and scripts dropped, the entities React
// writes decoded, every kind of space one space. For integration tests that read HTML over HTTP.

/** The text of an HTML fragment as a visitor reads it. */
export const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|\u00A0|\u202F/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The text of the page's `<main>`: without the header, footer and menus. */
export const mainOf = (html: string) => textOf(/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "");
