import { useState } from "react";
import { clampQuantity, isAllowedQuantityKey } from "../lib/quantity.ts";
import { Icon } from "./Icon.tsx";
import "./QuantityInput.css";

interface Props {
  name?: string;
  /** the committed quantity */
  value: number;
  max: number;
  min?: number;
  disabled?: boolean;
  /** called with a valid, clamped quantity when the visitor settles on it */
  onChange?: (quantity: number) => void;
  id?: string;
}

/**
 * «Количество» with «Уменьшить» / «Увеличить»: minus disabled at the minimum, plus at the maximum;
 * only digits and navigation keys; a typed value is clamped when the box is left or Enter pressed.
 * Without JavaScript it is a plain number field posted with its form.
 */
export function QuantityInput({ name, value, max, min = 1, disabled = false, onChange, id }: Props) {
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const commit = (raw: string | number) => {
    const q = clampQuantity(raw, max, min);
    setText(String(q));
    if (q !== value) onChange?.(q);
  };
  return (
    <div className="quantity-input">
      <button type="button" className="quantity-input__step" disabled={disabled || value <= min} onClick={() => commit(value - 1)}>
        <Icon name="minus" size={16} />
        <span className="visually-hidden">Уменьшить</span>
      </button>
      <input
        id={id}
        className="quantity-input__field"
        type="number"
        inputMode="numeric"
        name={name}
        aria-label="Количество"
        min={min}
        max={max}
        step={1}
        value={text}
        disabled={disabled}
        onKeyDown={(e) => {
          if (!isAllowedQuantityKey(e.key, e.ctrlKey || e.metaKey)) e.preventDefault();
          if (e.key === "Enter") {
            e.preventDefault();
            commit(text);
          }
        }}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(text)}
      />
      <button type="button" className="quantity-input__step" disabled={disabled || value >= max} onClick={() => commit(value + 1)}>
        <Icon name="plus" size={16} />
        <span className="visually-hidden">Увеличить</span>
      </button>
    </div>
  );
}
