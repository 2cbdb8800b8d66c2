import { Link } from "react-router";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import "./SectionGrid.css";

interface SectionEntry {
  slug: string;
  title: string;
  count: number;
  children: { slug: string; title: string; count: number }[];
}

export function SectionGrid({ sections }: { sections: SectionEntry[] }) {
  return (
    <ul className="section-grid">
      {sections.map((s) => (
        <li key={s.slug} className="section-grid__item">
          <h2 className="section-grid__title">
            <Link to={`/catalog/${s.slug}/`}>{s.title}</Link>
          </h2>
          <p className="section-grid__count">{countOf(s.count, PRODUCT_FORMS)}</p>
          <ul className="section-grid__children">
            {s.children.map((c) => (
              <li key={c.slug}>
                <Link to={`/catalog/${c.slug}/`}>{c.title}</Link> <span className="section-grid__count">{c.count}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
