// First paint without a round trip per stylesheet (decision 092): the server puts the page's CSS
// into the head as <style> and leaves each <link rel="stylesheet"> in place, disabled (a disabled
// stylesheet is not fetched). The links stay because React hydrates the head against them: it
// matches a link by rel and href and ignores other attributes, and it skips the extra <style>
// elements. When the visitor later leaves for a page with other CSS, React Router adds that
// page's links as usual; the inlined rules stay in the head, as a cached stylesheet would.

/** Above this many characters of CSS the rest stays as ordinary links (a page with a map, say). */
export const INLINE_CSS_LIMIT = 96 * 1024;

const STYLESHEET = /<link\b([^>]*?)\brel="stylesheet"([^>]*?)\/?>/g;

/**
 * Rewrites the stylesheet links of `head` (the HTML up to </head>) whose CSS `cssOf` knows;
 * links it does not know, and those past the limit, are left as they are.
 */
export function inlineStylesheets(head: string, cssOf: (href: string) => string | undefined, limit = INLINE_CSS_LIMIT): string {
  let used = 0;
  return head.replace(STYLESHEET, (tag: string, before: string, after: string) => {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    // React Router marks a stylesheet that a lazily loaded chunk carries too with a trailing «#»
    // (its href then differs from the one that chunk's loader adds); the file is the same
    const css = href ? cssOf(href.replace(/#$/, "")) : undefined;
    if (css === undefined || used + css.length > limit || /\bdisabled\b/.test(tag)) return tag;
    used += css.length;
    // a literal "</style" inside the CSS would end the element early
    const safe = css.replace(/<\/style/gi, "<\\/style");
    return `<style data-href="${href}">${safe}</style><link${before}rel="stylesheet"${after.replace(/\s*$/, "")} disabled/>`;
  });
}
