import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import "./SearchSuggestions.css";

interface Suggestions {
  sections: { title: string; href: string }[];
  products: { title: string; href: string; price: string }[];
}

const DEBOUNCE_MS = 200;
const EMPTY: Suggestions = { sections: [], products: [] };

/**
 * Predictive search under the header box: asks /search/suggest/ after a short pause, cancels a
 * stale request when the visitor types on, and lets ArrowUp/ArrowDown/Enter/Escape drive the list.
 * Returns the props the search box needs and the list to render.
 */
export function useSearchSuggestions(listId: string) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
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

  const options: { title: string; href: string; price?: string }[] = text.trim().length >= 2 && !dismissed ? [...result.sections, ...result.products] : [];
  const optionId = (i: number) => `${listId}-option-${i}`;

  const inputProps = {
    "aria-autocomplete": "list" as const,
    "aria-controls": listId,
    "aria-activedescendant": active >= 0 && options[active] ? optionId(active) : undefined,
    autoComplete: "off",
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
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
        <li key={o.href} id={optionId(i)} role="option" aria-selected={i === active} className="search-suggestions__option">
          <Link to={o.href} tabIndex={-1} onMouseEnter={() => setActive(i)}>
            <span>{o.title}</span>
            {o.price ? <span className="search-suggestions__price">{o.price}</span> : <span className="search-suggestions__kind">раздел</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
  return { inputProps, list };
}
