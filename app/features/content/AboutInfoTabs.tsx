// «Полезно знать» on /about/: delivery, payment and warranty pages as tabs. The chosen one is
// rendered on the server; the others load by POST and, without JavaScript, are links
// to their own pages.
import { CONTENT_TAB_AJAX, CONTENT_TAB_URL, type ContentTabPage } from "./content-tabs.ts";
import type { RichHtml } from "../../lib/rich-text.ts";
import { Tabs } from "../../ui/Tabs.tsx";

export const INFO_TABS: { id: ContentTabPage; title: string }[] = [
  { id: "delivery", title: "Доставка" },
  { id: "payment", title: "Оплата" },
  { id: "warranty", title: "Гарантия и возврат" },
];

export function AboutInfoTabs({ initial, html }: { initial: ContentTabPage; html: RichHtml }) {
  return (
    <section className="page-section" id="info" aria-labelledby="about-info">
      <h2 id="about-info">Полезно знать</h2>
      <Tabs
        label="Полезно знать"
        idPrefix="info"
        initial={initial}
        loadUrl={CONTENT_TAB_URL}
        items={INFO_TABS.map((t) => ({ ...t, href: `/${t.id}/`, load: { ajax: CONTENT_TAB_AJAX, id: t.id }, html: t.id === initial ? html : undefined }))}
      />
    </section>
  );
}
