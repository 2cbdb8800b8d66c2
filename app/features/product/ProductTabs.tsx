import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { TabContent } from "./product-types.ts";
import { PRODUCT_TABS, TAB_AJAX_ACTION, tabLoadPath, tabPath, type ProductTabId } from "./product-tabs.ts";
import { rovingIndex } from "../../lib/roving-index.ts";

export const TABS_PANEL_ID = "product-tab-panel";

interface Props {
  slug: string;
  initialTab: ProductTabId;
  initialContent: TabContent;
  renderContent: (content: TabContent) => ReactNode;
}

type LoadState = { status: "idle" } | { status: "loading"; tab: ProductTabId } | { status: "failed"; tab: ProductTabId };

/**
 * «Описание», «Характеристики», «Отзывы», «Доставка» (docs/behaviour.md «Tabs»). Each tab is a link
 * to its own URL, which the server renders with that tab open. With JavaScript a tab's content is
 * fetched once by POST (ajax, id) and kept: a click on the active or loading tab does nothing, a
 * new load aborts the earlier one, and a failure hides the loader and offers «Повторить».
 */
export function ProductTabs({ slug, initialTab, initialContent, renderContent }: Props) {
  const [active, setActive] = useState<ProductTabId>(initialTab);
  const [contents, setContents] = useState<Partial<Record<ProductTabId, TabContent>>>({ [initialTab]: initialContent });
  const [load, setLoad] = useState<LoadState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);
  const tabRefs = useRef<Partial<Record<ProductTabId, HTMLAnchorElement | null>>>({});

  // a new product (client-side navigation) starts from what the server rendered for it
  const [seenSlug, setSeenSlug] = useState(slug);
  if (seenSlug !== slug) {
    setSeenSlug(slug);
    setActive(initialTab);
    setContents({ [initialTab]: initialContent });
    setLoad({ status: "idle" });
  }
  useEffect(() => () => controller.current?.abort(), [slug]);

  const show = (tab: ProductTabId) => {
    setActive(tab);
    const url = tabPath(slug, tab) + window.location.search;
    // the tab is part of the address (shareable, reload-safe) without a new history entry
    if (window.location.pathname !== tabPath(slug, tab)) window.history.replaceState(window.history.state, "", url);
  };

  const fetchTab = async (tab: ProductTabId) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setLoad({ status: "loading", tab });
    try {
      const res = await fetch(tabLoadPath(slug), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ ajax: TAB_AJAX_ACTION, id: tab }),
        signal: ac.signal,
      });
      if (!res.ok) throw new Error(`tab ${tab}: HTTP ${res.status}`);
      const content = (await res.json()) as TabContent;
      if (content.tab !== tab) throw new Error(`tab ${tab}: unexpected answer`);
      if (controller.current !== ac) return;
      setContents((c) => ({ ...c, [tab]: content }));
      setLoad({ status: "idle" });
      show(tab);
    } catch (err) {
      if (ac.signal.aborted) return;
      console.warn("Не удалось загрузить вкладку", err);
      setLoad({ status: "failed", tab });
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  };

  const activate = (tab: ProductTabId) => {
    if (tab === active && load.status !== "failed") return;
    if (load.status === "loading" && load.tab === tab) return;
    if (contents[tab]) {
      controller.current?.abort();
      setLoad({ status: "idle" });
      show(tab);
      return;
    }
    void fetchTab(tab);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const next = rovingIndex(e.key, index, PRODUCT_TABS.length);
    if (next === null) return;
    e.preventDefault();
    const tab = PRODUCT_TABS[next]!.id;
    tabRefs.current[tab]?.focus();
    activate(tab);
  };

  const content = contents[active];
  const loadingTab = load.status === "loading" ? load.tab : null;
  return (
    <div className="product-tabs">
      <div className="product-tabs__list" role="tablist" aria-label="Информация о товаре">
        {PRODUCT_TABS.map((t, i) => (
          <a
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            id={`product-tab-${t.id}`}
            role="tab"
            href={`${tabPath(slug, t.id)}#tabs`}
            className={`product-tabs__tab${t.id === active ? " product-tabs__tab--active" : ""}${t.id === loadingTab ? " product-tabs__tab--sending" : ""}`}
            aria-selected={t.id === active}
            aria-controls={TABS_PANEL_ID}
            aria-busy={t.id === loadingTab ? true : undefined}
            tabIndex={t.id === active ? 0 : -1}
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              activate(t.id);
            }}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.title}
          </a>
        ))}
      </div>
      <div
        id={TABS_PANEL_ID}
        className={`product-tabs__panel${loadingTab ? " product-tabs__panel--loading" : ""}`}
        role="tabpanel"
        aria-labelledby={`product-tab-${active}`}
        aria-busy={loadingTab ? true : undefined}
        tabIndex={0}
      >
        {load.status === "failed" ? (
          <div className="product-tabs__error" role="alert">
            <p>Не удалось загрузить вкладку «{PRODUCT_TABS.find((t) => t.id === load.tab)!.title}». Проверьте подключение к интернету.</p>
            <button type="button" className="button button--ghost" onClick={() => void fetchTab(load.tab)}>
              Повторить
            </button>
          </div>
        ) : null}
        {loadingTab ? (
          <div className="product-tabs__loader" role="status">
            <span className="product-tabs__spinner" aria-hidden="true" />
            <span className="visually-hidden">Загружаем…</span>
          </div>
        ) : null}
        {content ? renderContent(content) : null}
      </div>
    </div>
  );
}
