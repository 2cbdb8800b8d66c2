// docs/behaviour.md «Tabs»: a tab either switches to its own panel or loads its content by POST
// (`ajax` = the tab's action type, `id` = its load id) into a content box. A click on the active or
// loading tab does nothing; a new load aborts the earlier request; a failure hides the loader,
// logs, clears the sending state, and says so with «Повторить». Every tab is also a real link
// (`href`) so that without JavaScript the server shows the chosen tab or its page.
import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { RichHtml } from "../lib/rich-text.ts";
import "./Tabs.css";
import { rovingIndex } from "../lib/roving-index.ts";

/** Whether the panel around a component is the shown one: sliders re-measure when it turns true. */
export const TabPanelActiveContext = createContext(true);
export const useTabPanelActive = () => useContext(TabPanelActiveContext);

export type TabItem = { id: string; title: string; href: string } & ({ panel: ReactNode } | { load: { ajax: string; id: string }; html?: RichHtml });

interface Props {
  /** accessible name of the tab list */
  label: string;
  /** prefix of element ids, unique on the page */
  idPrefix: string;
  items: TabItem[];
  initial: string;
  /** where loading tabs POST to */
  loadUrl?: string;
}

type Load = { status: "idle" } | { status: "loading"; tab: string } | { status: "failed"; tab: string };

export function Tabs({ label, idPrefix, items, initial, loadUrl }: Props) {
  const [active, setActive] = useState(initial);
  const [loaded, setLoaded] = useState<Record<string, RichHtml>>(() =>
    Object.fromEntries(items.flatMap((t) => ("load" in t && t.html !== undefined ? [[t.id, t.html]] : []))),
  );
  const [load, setLoad] = useState<Load>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);
  const tabRefs = useRef<Record<string, HTMLAnchorElement | null>>({});
  useEffect(() => () => controller.current?.abort(), []);

  const fetchTab = async (tab: string, payload: { ajax: string; id: string }) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setLoad({ status: "loading", tab });
    try {
      const res = await fetch(loadUrl ?? window.location.pathname, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams(payload),
        signal: ac.signal,
      });
      if (!res.ok) throw new Error(`вкладка ${tab}: HTTP ${res.status}`);
      // the load address answers cleaned HTML (cleanRichText on the server, e.g. /content/tab/)
      const html = (await res.text()) as RichHtml;
      if (controller.current !== ac) return;
      setLoaded((l) => ({ ...l, [tab]: html }));
      setActive(tab);
      setLoad({ status: "idle" });
    } catch (err) {
      if (ac.signal.aborted) return;
      console.warn("Не удалось загрузить вкладку", err);
      setLoad({ status: "failed", tab });
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  };

  const activate = (item: TabItem) => {
    if (item.id === active && load.status !== "failed") return;
    if (load.status === "loading" && load.tab === item.id) return;
    if ("load" in item && loaded[item.id] === undefined) {
      void fetchTab(item.id, item.load);
      return;
    }
    controller.current?.abort();
    setLoad({ status: "idle" });
    setActive(item.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const next = rovingIndex(e.key, index, items.length);
    if (next === null) return;
    e.preventDefault();
    const item = items[next]!;
    tabRefs.current[item.id]?.focus();
    activate(item);
  };

  const loadingTab = load.status === "loading" ? load.tab : null;
  const failed = load.status === "failed" ? items.find((t) => t.id === load.tab) : undefined;
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((t, i) => (
          <a
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            id={`${idPrefix}-tab-${t.id}`}
            role="tab"
            href={t.href}
            className={`tabs__tab${t.id === active ? " tabs__tab--active" : ""}${t.id === loadingTab ? " tabs__tab--sending" : ""}`}
            aria-selected={t.id === active}
            aria-controls={"load" in t && loaded[t.id] === undefined ? undefined : `${idPrefix}-panel-${t.id}`}
            aria-busy={t.id === loadingTab ? true : undefined}
            tabIndex={t.id === active ? 0 : -1}
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              activate(t);
            }}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.title}
          </a>
        ))}
      </div>
      {loadingTab ? (
        <div className="tabs__loader" role="status">
          <span className="tabs__spinner" aria-hidden="true" />
          <span className="visually-hidden">Загружаем…</span>
        </div>
      ) : null}
      {failed ? (
        <div className="tabs__error" role="alert">
          <p>Не удалось загрузить вкладку «{failed.title}». Проверьте подключение к интернету.</p>
          <button type="button" className="button button--ghost" onClick={() => activate(failed)}>
            Повторить
          </button>
        </div>
      ) : null}
      {items.map((t) => {
        const shown = t.id === active;
        const html = "load" in t ? loaded[t.id] : undefined;
        // a loading tab's panel exists once its content has arrived (or was rendered on the server)
        if ("load" in t && html === undefined) return null;
        return (
          <div
            key={t.id}
            id={`${idPrefix}-panel-${t.id}`}
            className="tabs__panel"
            role="tabpanel"
            aria-labelledby={`${idPrefix}-tab-${t.id}`}
            hidden={!shown}
            tabIndex={0}
          >
            <TabPanelActiveContext.Provider value={shown}>
              {"load" in t ? <div className="tabs__content rich-text" dangerouslySetInnerHTML={{ __html: html! }} /> : t.panel}
            </TabPanelActiveContext.Provider>
          </div>
        );
      })}
    </div>
  );
}
