/**
 * A back-office page: its heading (the page's one h1), an optional line of actions beside it and
 * the content. Pair it with `adminMeta(title)` from app/features/back-office/admin-nav.ts for the <title>. Tables
 * use the shared classes `admin-table-wrap` > `admin-table` (and `admin-filters`, `admin-pager`) of
 * app/ui/admin/admin-table.css, which the shell loads.
 */
export function AdminPage({ title, actions, children }: { title: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>{title}</h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
