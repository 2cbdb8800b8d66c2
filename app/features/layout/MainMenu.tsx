import { useEffect, useRef, useState, type CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import type { SectionNode } from "../catalog/index.ts";
import { INFO_LINKS } from "../settings/index.ts";
import { Icon } from "../../ui/Icon.tsx";
import "./MainMenu.css";

export const MENU_BREAKPOINT = 992;

/** Below 992 px, or on a touch screen, submenus open on click; otherwise on hover (CSS). */
function opensOnClick(): boolean {
  return window.innerWidth < MENU_BREAKPOINT || window.matchMedia("(hover: none), (pointer: coarse)").matches;
}

interface Props {
  sections: SectionNode[];
  /** the mobile drawer state, owned by the header's «Меню» button */
  open: boolean;
  /** where the drawer starts on phones: the header's bottom edge when it was opened */
  drawerTop: number;
  onClose: () => void;
}

export function MainMenu({ sections, open, drawerTop, onClose }: Props) {
  // An open submenu belongs to the page it was opened on: navigating closes it.
  const location = useLocation();
  const [sub, setSub] = useState<{ id: number; at: string } | null>(null);
  const openSub = sub && sub.at === location.key ? sub.id : null;
  const setOpenSub = (id: number | null) => setSub(id === null ? null : { id, at: location.key });
  const nav = useRef<HTMLElement>(null);

  // A click or tap outside the menu (and outside its toggle) closes everything.
  useEffect(() => {
    if (!open && openSub === null) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      const toggle = document.querySelector('[aria-controls="main-menu"]');
      if (nav.current?.contains(target) || toggle?.contains(target)) return;
      setSub(null);
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setSub(null);
      if (open) {
        onClose();
        document.querySelector<HTMLElement>('[aria-controls="main-menu"]')?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, openSub, onClose]);

  const toggleSub = (id: number) => setOpenSub(openSub === id ? null : id);

  return (
    <nav
      ref={nav}
      id="main-menu"
      className={`main-menu${open ? " main-menu--open" : ""}`}
      aria-label="Главное меню"
      style={{ "--menu-top": `${drawerTop}px` } as CSSProperties}
    >
      <ul className="container main-menu__list">
        {sections.map((s) => {
          const subOpen = openSub === s.id;
          const hasChildren = s.children.length > 0;
          return (
            <li
              key={s.id}
              className={`main-menu__item${subOpen ? " main-menu__item--open" : ""}`}
              onMouseEnter={() => {
                if (!opensOnClick() && openSub !== null && openSub !== s.id) setOpenSub(null);
              }}
            >
              <div className="main-menu__row">
                <Link
                  to={`/catalog/${s.slug}/`}
                  className="main-menu__link"
                  aria-haspopup={hasChildren ? "true" : undefined}
                  onClick={(e) => {
                    // On touch or narrow screens the first tap opens the submenu instead of leaving.
                    if (hasChildren && !subOpen && opensOnClick()) {
                      e.preventDefault();
                      setOpenSub(s.id);
                    }
                  }}
                >
                  {s.title}
                </Link>
                {hasChildren ? (
                  <button type="button" className="main-menu__toggle" aria-expanded={subOpen} aria-controls={`submenu-${s.id}`} onClick={() => toggleSub(s.id)}>
                    <Icon name="chevron-down" size={16} />
                    <span className="visually-hidden">Подразделы: {s.title}</span>
                  </button>
                ) : null}
              </div>
              {hasChildren ? (
                <ul id={`submenu-${s.id}`} className="main-menu__submenu">
                  {s.children.map((c) => (
                    <li key={c.id}>
                      <Link to={`/catalog/${c.slug}/`} className="main-menu__sublink">
                        {c.title}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link to={`/catalog/${s.slug}/`} className="main-menu__sublink main-menu__sublink--all">
                      Все товары раздела
                    </Link>
                  </li>
                </ul>
              ) : null}
            </li>
          );
        })}
        <li className="main-menu__info">
          <ul>
            {INFO_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href} className="main-menu__sublink">
                  {l.title}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
