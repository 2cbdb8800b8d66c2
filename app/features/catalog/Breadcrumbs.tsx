import { Link } from "react-router";
import "./Breadcrumbs.css";

export interface Crumb {
  href: string;
  title: string;
}

export function Breadcrumbs({ items, current }: { items: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Хлебные крошки">
      <ol>
        {items.map((c) => (
          <li key={c.href}>
            <Link to={c.href}>{c.title}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
