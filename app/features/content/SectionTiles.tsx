import { Link } from "react-router";
import type { SectionNode } from "../catalog/index.ts";
import type { ProductImage } from "../../db/schema.ts";
import { ProductPicture } from "../media/components.ts";

/** The home page's sections: a picture (the section's most popular product) and the title. */
export function SectionTiles({ sections, covers }: { sections: SectionNode[]; covers: Record<number, ProductImage> }) {
  return (
    <ul className="section-tiles">
      {sections.map((s) => {
        const cover = covers[s.id];
        return (
          <li key={s.id}>
            <Link to={`/catalog/${s.slug}/`} className="section-tiles__tile">
              <span className="section-tiles__image">
                {cover ? <ProductPicture image={{ ...cover, alt: "" }} sizes="(min-width: 1200px) 240px, (min-width: 992px) 30vw, 45vw" /> : null}
              </span>
              <span className="section-tiles__title">{s.title}</span>
              {s.children.length > 0 ? <span className="section-tiles__children">{s.children.map((c) => c.title).join(" · ")}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
