import { useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { MAX_QUERY_LENGTH } from "../catalog/index.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useSearchSuggestions } from "./SearchSuggestions.tsx";
import "./SearchToggle.css";

/** «Поиск» opens a search row under the header; Escape or a second press closes it. */
export function SearchToggle() {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key; // closes itself on navigation
  const setOpen = (value: boolean) => setOpenedAt(value ? location.key : null);
  const input = useRef<HTMLInputElement>(null);
  const query = location.pathname.startsWith("/search") ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const suggestions = useSearchSuggestions("site-search-suggestions");

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  return (
    <>
      <button type="button" className="icon-button" aria-expanded={open} aria-controls="site-search" onClick={() => setOpen(!open)}>
        <Icon name={open ? "x" : "search"} />
        <span className="visually-hidden">Поиск</span>
      </button>
      <div id="site-search" className={`site-search${open ? " site-search--open" : ""}`}>
        <Form
          method="get"
          action="/search/"
          role="search"
          className="container site-search__form"
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
        >
          <input
            key={query}
            ref={input}
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Диван, стол, лампа…"
            aria-label="Поиск по каталогу"
            className="site-search__input"
            {...suggestions.inputProps}
          />
          {suggestions.list}
          <button type="submit" className="button">
            Найти
          </button>
        </Form>
      </div>
    </>
  );
}
