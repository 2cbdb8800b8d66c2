// HTML written by the shop's staff (pages, news, FAQ, the delivery tab). It reaches the page only
// through `cleanRichText()` (domain/rich-text.server.ts), which returns this branded string: RichText and
// the loading tabs take nothing else, so an uncleaned body is a type error, not an XSS hole.
declare const cleaned: unique symbol;
export type RichHtml = string & { readonly [cleaned]: true };
