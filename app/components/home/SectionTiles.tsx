import { Link } from "react-router";
import type { SectionNode } from "../../domain/catalog-types.ts";

export function SectionTiles({ sections }: { sections: SectionNode[] }) {
  return (
    <ul className="section-tiles">
      {sections.map((s) => (
        <li key={s.id}>
          <Link to={`/catalog/${s.slug}/`} className="section-tiles__tile">
            <span className="section-tiles__title">{s.title}</span>
            {s.children.length > 0 ? <span className="section-tiles__children">{s.children.map((c) => c.title).join(" · ")}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
