import { NavLink } from "react-router";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import "./BottomBar.css";

interface Tab {
  to: string;
  icon: IconName;
  label: string;
  /** shown as a badge and spoken in the name («Избранное: 3 товара») */
  count?: number;
}

/**
 * Phones and tablets (below 992 px), as Russian shops do: a tab bar fixed to the bottom of the
 * screen with the catalogue, favourites and comparison, which the compact header has no room for
 * (decision 065). The header keeps search, phone, profile, cart and «Меню».
 */
export function BottomBar({ favoriteCount, compareCount }: { favoriteCount: number; compareCount: number }) {
  const tabs: Tab[] = [
    { to: "/catalog/", icon: "layout-grid", label: "Каталог" },
    { to: "/favorites/", icon: "heart", label: "Избранное", count: favoriteCount },
    { to: "/compare/", icon: "git-compare", label: "Сравнение", count: compareCount },
  ];
  return (
    <nav className="bottom-bar" aria-label="Быстрые ссылки">
      <ul className="bottom-bar__list">
        {tabs.map((t) => (
          <li key={t.to}>
            <NavLink
              to={t.to}
              end
              className="bottom-bar__link"
              aria-label={t.count === undefined ? undefined : `${t.label}: ${countOf(t.count, PRODUCT_FORMS)}`}
            >
              <Icon name={t.icon} size={22} />
              {/* the word, a space, then the badge: the order and word breaks the name has (WCAG 2.5.3) */}
              <span className="bottom-bar__label">{t.label}</span>{" "}
              {t.count ? (
                <span className="bottom-bar__badge" aria-hidden="true">
                  {t.count}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
