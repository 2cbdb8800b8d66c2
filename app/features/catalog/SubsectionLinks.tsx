import { Link } from "react-router";
import "./SubsectionLinks.css";

export function SubsectionLinks({ items }: { items: { slug: string; title: string }[] }) {
  if (!items.length) return null;
  return (
    <ul className="subsection-links">
      {items.map((c) => (
        <li key={c.slug}>
          <Link to={`/catalog/${c.slug}/`}>{c.title}</Link>
        </li>
      ))}
    </ul>
  );
}
