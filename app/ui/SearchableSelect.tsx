// A select that grows a search box once it has 15 or more options (docs/behaviour.md «Widgets and
// timing»). Fewer options, or no JavaScript: the native <select>. With many options: a React Aria
// ComboBox that filters as you type (Russian texts), posting the chosen value under the same name.
import { useState } from "react";
import { Button, ComboBox, I18nProvider, Input, Label, ListBox, ListBoxItem, Popover, useFilter } from "react-aria-components";
import { Icon } from "./Icon.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./SearchableSelect.css";

export const SEARCH_FROM_OPTIONS = 15;

export interface SelectOption {
  value: string;
  label: string;
}

interface Props {
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  onChange?: (value: string) => void;
}

export function SearchableSelect({ name, label, options, defaultValue, onChange }: Props) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue ?? options[0]?.value ?? "");
  const { contains } = useFilter({ sensitivity: "base" });
  const id = `select-${name}`;

  if (!hydrated || options.length < SEARCH_FROM_OPTIONS) {
    return (
      <div className="searchable-select">
        <label htmlFor={id} className="searchable-select__label">
          {label}
        </label>
        <select
          id={id}
          name={name}
          className="form-control"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            onChange?.(e.currentTarget.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <I18nProvider locale="ru-RU">
      <ComboBox
        className="searchable-select"
        defaultFilter={contains}
        defaultSelectedKey={value}
        onSelectionChange={(key) => {
          // null while the visitor types: the last chosen value stays in the form
          if (key === null) return;
          setValue(String(key));
          onChange?.(String(key));
        }}
        menuTrigger="focus"
        allowsEmptyCollection
        defaultItems={options.map((o) => ({ id: o.value, name: o.label }))}
      >
        <Label className="searchable-select__label">{label}</Label>
        <div className="searchable-select__field">
          <Input className="form-control searchable-select__input" placeholder="Начните вводить…" />
          <Button className="icon-button searchable-select__button" aria-label="Показать все варианты">
            <Icon name="chevron-down" />
          </Button>
        </div>
        <Popover className="searchable-select__popover">
          <ListBox className="searchable-select__list" renderEmptyState={() => <p className="searchable-select__empty">Ничего не найдено</p>}>
            {(item: { id: string; name: string }) => (
              <ListBoxItem id={item.id} className="searchable-select__option">
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
        <input type="hidden" name={name} value={value} />
      </ComboBox>
    </I18nProvider>
  );
}
