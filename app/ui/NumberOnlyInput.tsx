// Number-only field (SPEC 5): digits, navigation keys, Backspace, Delete, Tab and F5 only; a
// numeric maximum clamps the value, a symbol maximum cuts it and shows a length/max counter.
import { useState, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { clampDigits } from "../lib/number-only.ts";
import "./NumberOnlyInput.css";

const ALLOWED_KEYS = new Set(["Backspace", "Delete", "Tab", "F5", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", "Escape"]);

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "max" | "maxLength" | "onChange" | "value" | "defaultValue"> & {
  /** numeric maximum: a bigger number becomes this one */
  max?: number;
  /** symbol maximum: longer input is cut; the counter shows length/max */
  maxLength?: number;
  defaultValue?: string | number;
  onValueChange?: (value: string) => void;
};

export function NumberOnlyInput({ max, maxLength, defaultValue, onValueChange, className, ...rest }: Props) {
  const [value, setValue] = useState(() => clampDigits(String(defaultValue ?? ""), { max, maxLength }));

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // copy, paste, select all …
    if (ALLOWED_KEYS.has(e.key) || /^\d$/.test(e.key)) return;
    e.preventDefault();
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    // pasted or dropped text goes through the same rules as typing
    const next = clampDigits(e.currentTarget.value, { max, maxLength });
    setValue(next);
    onValueChange?.(next);
  }

  const input = (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      className={["number-only", className].filter(Boolean).join(" ")}
      value={value}
      onKeyDown={onKeyDown}
      onChange={onChange}
      maxLength={maxLength}
    />
  );
  if (!maxLength) return input;
  return (
    <span className="number-only__wrap">
      {input}
      <span className="number-only__counter" aria-hidden="true">
        {value.length}/{maxLength}
      </span>
    </span>
  );
}
