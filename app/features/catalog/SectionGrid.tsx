import { Link } from "react-router";
import type { ProductImage } from "../../db/schema.ts";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { ProductPicture } from "../media/components.ts";
import "./SectionGrid.css";

interface SectionEntry {
  slug: string;
  title: string;
  count: number;
  /** the section's most popular product's picture */
  image: ProductImage | null;
  children: { slug: string; title: string; count: number }[];
}

/** /catalog/: a tile per section with its picture and count, its subsections listed under it. */
export function SectionGrid({ sections }: { sections: SectionEntry[] }) {
  return (
    <ul className="section-grid">
      {sections.map((s, i) => (
        <li key={s.slug} className="section-grid__item">
          <Link to={`/catalog/${s.slug}/`} className="section-grid__cover" tabIndex={-1} aria-hidden="true">
            {s.image ? <ProductPicture image={{ ...s.image, alt: "" }} sizes="140px" eager={i < 3} /> : null}
          </Link>
          <div className="section-grid__body">
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
          </div>
        </li>
      ))}
    </ul>
  );
}
