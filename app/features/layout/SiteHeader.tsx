import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SectionNode } from "../catalog/index.ts";
import { countOf, formatPrice, PRODUCT_FORMS } from "../../lib/format.ts";
import { SITE } from "../settings/index.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useScrollY } from "../../ui/use-scroll-y.ts";
import { MainMenu } from "./MainMenu.tsx";
import { SearchToggle } from "../search/components.ts";
import { CallbackLink } from "../requests/components.ts";
import { CitySelect } from "../delivery/components.ts";
import "./SiteHeader.css";

export const HEADER_SCROLL_THRESHOLD = 40;

interface Props {
  sections: SectionNode[];
  cart: { count: number; sum: number };
  compareCount: number;
  favoriteCount: number;
  signedIn: boolean;
}

/**
 * Wide screens: logo, «Каталог», search, favourites, comparison, cart, profile. Below 992 px: logo,
 * search, phone, profile, cart and «Меню»; favourites and comparison move to the bottom bar.
 */
export function SiteHeader({ sections, cart, compareCount, favoriteCount, signedIn }: Props) {
  const scrolled = useScrollY() > HEADER_SCROLL_THRESHOLD;
  // The drawer remembers the page it was opened on, so any navigation closes it.
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  const setMenuOpen = (open: boolean) => setOpenedAt(open ? location.key : null);
  // On phones the menu is a drawer fixed under the header; it starts where the header ends now.
  const header = useRef<HTMLElement>(null);
  const [drawerTop, setDrawerTop] = useState(64);

  return (
    <>
      <header ref={header} className={`site-header${scrolled ? " site-header--scrolled" : ""}`}>
        <div className="site-header__top">
          <div className="container site-header__top-inner">
            <CitySelect className="site-header__city" />
            <span className="site-header__hours">
              <Icon name="clock" size={16} /> {SITE.hours}
            </span>
            <a className="site-header__phone" href={SITE.phoneHref}>
              {SITE.phone}
            </a>
            <CallbackLink className="site-header__callback" />
          </div>
        </div>
        <div className="site-header__bar">
          <div className="container site-header__main">
            <Link to="/" className="site-header__logo" aria-label={`${SITE.name} — на главную`}>
              <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
                <rect width="32" height="32" rx="8" fill="currentColor" />
                <path d="M8 10l8 13 8-13" fill="none" stroke="#FAF8F5" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="site-header__logo-text">{SITE.name}</span>
            </Link>
            <Link to="/catalog/" className="button site-header__catalog">
              <Icon name="layout-grid" size={18} /> Каталог
            </Link>
            <div className="site-header__actions">
              <SearchToggle />
              <a className="site-header__phone-icon icon-button" href={SITE.phoneHref} aria-label={`Позвонить: ${SITE.phone}`}>
                <Icon name="phone" />
              </a>
              <Link to="/favorites/" className="icon-button site-header__favorites" aria-label={`Избранное: ${countOf(favoriteCount, PRODUCT_FORMS)}`}>
                <Icon name="heart" />
                <span className="site-header__label">Избранное</span>{" "}
                {favoriteCount > 0 ? (
                  <span className="site-header__badge" aria-hidden="true">
                    {favoriteCount}
                  </span>
                ) : null}
              </Link>
              <Link to="/compare/" className="icon-button site-header__compare" aria-label={`Сравнение: ${countOf(compareCount, PRODUCT_FORMS)}`}>
                <Icon name="git-compare" />
                <span className="site-header__label">Сравнение</span>{" "}
                {compareCount > 0 ? (
                  <span className="site-header__badge" aria-hidden="true">
                    {compareCount}
                  </span>
                ) : null}
              </Link>
              <Link
                to="/cart/"
                className={`icon-button site-header__cart${cart.count === 0 ? " site-header__cart--empty" : ""}`}
                // The name holds the words shown, in their order: «Корзина», the sum, the badge's count
                // (WCAG 2.5.3: the spaces between the parts are what tools read as word breaks).
                aria-label={`Корзина ${formatPrice(cart.sum)}, ${countOf(cart.count, PRODUCT_FORMS)}`}
                data-cart-count={cart.count}
              >
                <Icon name="shopping-cart" />
                <span className="site-header__cart-text" aria-hidden="true">
                  <span className="site-header__label">Корзина</span> <span className="site-header__cart-sum">{formatPrice(cart.sum)}</span>
                </span>{" "}
                <span className="site-header__badge" aria-hidden="true">
                  {cart.count}
                </span>
              </Link>
              <Link to={signedIn ? "/profile/" : "/login/"} className="icon-button site-header__profile">
                <Icon name="user" />
                <span className="site-header__label">{signedIn ? "Профиль" : "Войти"}</span>
              </Link>
              <button
                type="button"
                className="icon-button site-header__menu-toggle"
                aria-expanded={menuOpen}
                aria-controls="main-menu"
                onClick={() => {
                  if (!menuOpen && header.current) setDrawerTop(Math.max(0, header.current.getBoundingClientRect().bottom));
                  setMenuOpen(!menuOpen);
                }}
              >
                <Icon name={menuOpen ? "x" : "menu"} />
                <span className="visually-hidden">Меню</span>
              </button>
            </div>
          </div>
        </div>
      </header>
      <MainMenu sections={sections} open={menuOpen} drawerTop={drawerTop} onClose={() => setMenuOpen(false)} />
    </>
  );
}
