import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ProductSuggestion, Suggestions } from "./search-types.ts";
import "./SearchSuggestions.css";

const DEBOUNCE_MS = 200;
const EMPTY: Suggestions = { correction: null, sections: [], products: [] };

type Option = { kind: "correction"; text: string; href: string } | { kind: "section"; title: string; href: string } | ({ kind: "product" } & ProductSuggestion);

function optionsOf(s: Suggestions): Option[] {
  return [
    ...(s.correction ? [{ kind: "correction" as const, ...s.correction }] : []),
    ...s.sections.map((x) => ({ kind: "section" as const, ...x })),
    ...s.products.map((x) => ({ kind: "product" as const, ...x })),
  ];
}

/**
 * Predictive search under the header box: asks /search/suggest/ after a short pause, cancels a
 * stale request when the visitor types on, and lets ArrowUp/ArrowDown/Enter/Escape drive the list.
 * Returns the props the search box needs and the list to render.
 */
export function useSearchSuggestions(listId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  // what was typed on this page: after a navigation the box starts afresh, without the old list
  const [typed, setTyped] = useState({ text: "", at: location.key });
  const text = typed.at === location.key ? typed.text : "";
  const [result, setResult] = useState<Suggestions>(EMPTY);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/search/suggest/?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<Suggestions>) : EMPTY))
        .then((s) => {
          setResult(s);
          setActive(-1);
        })
        .catch((err: unknown) => {
          if ((err as Error).name !== "AbortError") console.warn("suggestions failed", err);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => () => request.current?.abort(), []);
  // the list scrolls on small screens: keep the option chosen with the arrows in sight
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  const options = text.trim().length >= 2 && !dismissed ? optionsOf(result) : [];
  const optionId = (i: number) => `${listId}-option-${i}`;

  const inputProps = {
    "aria-autocomplete": "list" as const,
    "aria-controls": listId,
    "aria-activedescendant": active >= 0 && options[active] ? optionId(active) : undefined,
    autoComplete: "off",
    onChange: (e: { target: { value: string } }) => {
      setTyped({ text: e.target.value, at: location.key });
      setDismissed(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (!options.length) return;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const n = options.length;
        setActive((cur) => (e.key === "ArrowDown" ? (cur + 1 >= n ? 0 : cur + 1) : cur - 1 < 0 ? n - 1 : cur - 1));
      } else if (e.key === "Enter" && active >= 0 && options[active]) {
        e.preventDefault();
        navigate(options[active]!.href);
      } else if (e.key === "Escape") {
        e.stopPropagation();
        setDismissed(true);
      }
    },
  };

  const list = (
    <ul id={listId} role="listbox" aria-label="Подсказки поиска" className="search-suggestions" hidden={options.length === 0}>
      {options.map((o, i) => (
        // An option holds no link (its content is presentational): the box keeps the focus, the
        // arrows and Enter act through aria-activedescendant, a click or tap navigates here.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys act on the search box
        <li
          key={o.href}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={`search-suggestions__option search-suggestions__option--${o.kind}`}
          onMouseEnter={() => setActive(i)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => navigate(o.href)}
        >
          <OptionContent option={o} />
        </li>
      ))}
    </ul>
  );
  return { inputProps, list };
}

function OptionContent({ option: o }: { option: Option }) {
  if (o.kind === "correction") {
    return (
      <span>
        Возможно, вы искали «<b>{o.text}</b>»
      </span>
    );
  }
  if (o.kind === "section") {
    return (
      <>
        <span>{o.title}</span>
        <span className="search-suggestions__kind">раздел</span>
      </>
    );
  }
  return (
    <>
      {o.thumbnail ? (
        <img className="search-suggestions__thumb" src={o.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />
      ) : (
        <span className="search-suggestions__thumb" />
      )}
      <span className="search-suggestions__text">
        <span className="search-suggestions__title">{o.title}</span>
        <span className="search-suggestions__section">{o.section}</span>
      </span>
      <span className="search-suggestions__price">{o.price}</span>
    </>
  );
}
