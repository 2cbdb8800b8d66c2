import type { ReactNode } from "react";
import "./auth.css";

/** The narrow centred card the login, registration and password pages share. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container page-section auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </div>
  );
}

/** A message for the whole form (a refused login, a sent link) announced to screen readers. */
export function FormNotice({ tone, children }: { tone: "error" | "ok" | "info"; children: ReactNode }) {
  return (
    <p className={`form-notice form-notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
