// Text in the XML documents the shop writes (the Yandex Market feed, the 1C orders exchange): the
// five predefined entities escaped, the characters XML 1.0 forbids dropped, so no value from the
// back office or a shopper can break a document.

/** Text or attribute value in XML: the five predefined entities. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/**
 * A CDATA section holding `value` literally: "]]>" cannot appear inside one, so it is split across
 * two sections ("]]" ends the first, ">" opens the second). Characters XML 1.0 forbids are dropped.
 */
export function cdata(value: string): string {
  return `<![CDATA[${stripInvalid(value).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

// eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 forbids
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const stripInvalid = (s: string) => s.replace(INVALID_XML, "");

/** Text for an element or an attribute value: escaped, forbidden characters dropped. */
export const xmlText = (s: string) => escapeXml(stripInvalid(s));
