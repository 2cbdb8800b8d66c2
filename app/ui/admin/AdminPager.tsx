import { Link } from "react-router";

/** «Назад» / «Дальше» links that keep the list's other query parameters. */
export function AdminPager({ page, pages, total, search, label }: { page: number; pages: number; total: number; search: string; label: string }) {
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n > 1) params.set("page", String(n));
    else params.delete("page");
    const q = params.toString();
    return q ? `?${q}` : "?";
  };
  return (
    <nav className="admin-pager" aria-label={label}>
      <span>
        Страница {page} из {pages}, всего {total}
      </span>
      {page > 1 ? <Link to={href(page - 1)}>Назад</Link> : null}
      {page < pages ? <Link to={href(page + 1)}>Дальше</Link> : null}
    </nav>
  );
}
