import { Link } from "react-router";
import type { SectionNode } from "../catalog/index.ts";
import { INFO_LINKS, SITE } from "../settings/index.ts";
import "./SiteFooter.css";

export function SiteFooter({ sections }: { sections: SectionNode[] }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">{SITE.name}</p>
          <p>{SITE.tagline}: диваны, столы, шкафы, свет и текстиль с доставкой по России.</p>
        </div>
        <nav aria-label="Каталог в подвале">
          <h2 className="site-footer__title">Каталог</h2>
          <ul className="site-footer__list">
            {sections.map((s) => (
              <li key={s.id}>
                <Link to={`/catalog/${s.slug}/`}>{s.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Покупателям">
          <h2 className="site-footer__title">Покупателям</h2>
          <ul className="site-footer__list">
            {INFO_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">Связаться с нами</h2>
          <ul className="site-footer__list">
            <li>
              <a href={SITE.phoneHref} className="site-footer__phone">
                {SITE.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </li>
            <li>{SITE.hours}</li>
            <li>
              <a href="/contacts/#callback">Обратный звонок</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>© 2026 {SITE.name}. Цены на сайте не являются публичной офертой.</p>
      </div>
    </footer>
  );
}
