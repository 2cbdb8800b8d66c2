// The back office's list filter bar (orders, products, requests, the audit log): one plain GET
// form, so every filter lives in the URL and works without JavaScript, laid out by the shared
// `admin-filters` class (admin-table.css). The field parts below are the only fields it takes:
// each is a labelled form group whose name is the URL parameter it sets.
import type { ReactNode } from "react";
import { Form } from "react-router";

interface BarProps {
  /** the search landmark's name («Поиск заказов»); without it the bar is a plain form */
  label?: string;
  /** where the form goes; the current address by default */
  action?: string;
  /** a modifier class of the list (`order-filters`) for its own layout */
  className?: string;
  submitLabel?: string;
  /** parameters kept as they are (a sort chosen in the table's headers); empty ones are left out */
  keep?: Record<string, string | null | undefined>;
  children: ReactNode;
}

export function AdminFilters({ label, action, className, submitLabel = "Найти", keep = {}, children }: BarProps) {
  return (
    <Form
      method="get"
      action={action}
      className={["admin-filters", className].filter(Boolean).join(" ")}
      {...(label ? { role: "search", "aria-label": label } : {})}
    >
      {children}
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}

interface FieldProps {
  /** the control's id, unique on the page */
  id: string;
  /** the extra class of the group (`order-filters__search` widens it) */
  className?: string;
}

function Group({ id, label, className, children }: FieldProps & { label: string; children: ReactNode }) {
  return (
    <div className={["form-group", className].filter(Boolean).join(" ")}>
      <label className="form-group__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** the search box «Поиск» (parameter `q`) */
export function FilterSearch({ id, className, value, placeholder }: FieldProps & { value: string; placeholder: string }) {
  return (
    <Group id={id} label="Поиск" className={className}>
      <input id={id} className="form-control" type="search" name="q" defaultValue={value} placeholder={placeholder} />
    </Group>
  );
}

/** a choice among fixed values; `anyLabel` is the first option («Все»), which sends nothing */
export function FilterSelect({
  id,
  className,
  name,
  label,
  value,
  anyLabel,
  options,
}: FieldProps & { name: string; label: string; value: string | null | undefined; anyLabel?: string; options: readonly (readonly [string, string])[] }) {
  return (
    <Group id={id} label={label} className={className}>
      <select id={id} className="form-control" name={name} defaultValue={value ?? ""}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map(([code, title]) => (
          <option key={code} value={code}>
            {title}
          </option>
        ))}
      </select>
    </Group>
  );
}

/** a day (YYYY-MM-DD), the browser's own date picker */
export function FilterDate({ id, className, name, label, value }: FieldProps & { name: string; label: string; value: string | null | undefined }) {
  return (
    <Group id={id} label={label} className={className}>
      <input id={id} className="form-control" type="date" name={name} defaultValue={value ?? ""} />
    </Group>
  );
}
