import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import type { AdminNavLink } from "./admin-nav.ts";
import { ROLE_TITLES, type StaffRole } from "../staff/index.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import "./AdminShell.css";
import "../../ui/admin/admin-table.css";

interface Props {
  staff: { name: string; email: string; role: StaffRole } | null;
  links: readonly AdminNavLink[];
  children: React.ReactNode;
}

/**
 * The back office's frame: brand, who is signed in, «Выйти», and the area links. Below 1024 px the
 * links fold behind «Меню» once scripts run; without JavaScript they simply stay open.
 */
export function AdminShell({ staff, links, children }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const folded = hydrated && !open;
  return (
    <div className="admin">
      <header className="admin__bar">
        <Link to="/admin/" className="admin__brand">
          Витрина <span className="admin__brand-note">управление</span>
        </Link>
        {staff ? (
          <div className="admin__who">
            <span className="admin__user">
              {staff.name || staff.email} <span className="admin__role">{ROLE_TITLES[staff.role]}</span>
            </span>
            <Form method="post" action="/logout/">
              <button type="submit" className="button button--ghost admin__logout">
                Выйти
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <div className="admin__body">
        <nav className="admin-nav" aria-label="Разделы управления" data-folded={folded ? "true" : "false"}>
          {hydrated ? (
            <button
              type="button"
              className="admin-nav__toggle button button--ghost"
              aria-expanded={open}
              aria-controls="admin-nav-list"
              onClick={() => setOpen(!open)}
            >
              Меню
            </button>
          ) : null}
          <ul className="admin-nav__list" id="admin-nav-list">
            <li>
              <NavLink to="/admin/" end className="admin-nav__link" onClick={() => setOpen(false)}>
                Сводка
              </NavLink>
            </li>
            {links.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} className="admin-nav__link" onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="admin__main">
          {children}
        </main>
      </div>
    </div>
  );
}
