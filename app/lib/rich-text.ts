// Shop-written HTML (pages, news) gets its tables wrapped for horizontal scrolling on
// narrow screens; done on the server so it works without JavaScript.
export function wrapTables(html: string): string {
  return html.replace(/<table\b[\s\S]*?<\/table>/gi, (table) => `<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица">${table}</div>`);
}
