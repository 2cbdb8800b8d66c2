import { Button, Group, I18nProvider, Input, NumberField } from "react-aria-components";
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

// whole numbers without group separators: what is typed is what the form posts
const FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 0, useGrouping: false };

/**
 * «Количество» with «Уменьшить» / «Увеличить» on React Aria's NumberField: it refuses anything but
 * digits, clamps a typed value into min…max when the box is left or Enter pressed, steps with the
 * arrow keys, and disables minus at the minimum and plus at the maximum. One addition: an emptied
 * box goes back to the minimum, not to the previous value (docs/behaviour.md «Widgets and timing»).
 */
export function QuantityInput({ name, value, max, min = 1, disabled = false, onChange, id }: Props) {
  return (
    <I18nProvider locale="ru-RU">
      <NumberField
        className="quantity-input"
        aria-label="Количество"
        value={value}
        minValue={min}
        maxValue={Math.max(min, max)}
        step={1}
        formatOptions={FORMAT}
        isDisabled={disabled}
        // a wheel turned over a focused box must scroll the page, not change the cart
        isWheelDisabled
        // Enter settles the number (NumberField commits it) but must not submit the surrounding form:
        // the cart line's form would post and reload the page, the product's would add to the cart
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
        decrementAriaLabel="Уменьшить"
        incrementAriaLabel="Увеличить"
        onChange={(n) => {
          const q = Number.isNaN(n) ? min : n;
          if (q !== value) onChange?.(q);
        }}
      >
        <Group className="quantity-input__group">
          <Button slot="decrement" className="quantity-input__step">
            <Icon name="minus" size={16} />
          </Button>
          {/* The name sits on the visible box, not on NumberField's hidden copy: without
              JavaScript the hidden copy would post the server's value, not what was typed. */}
          <Input id={id} name={name} className="quantity-input__field" />
          <Button slot="increment" className="quantity-input__step">
            <Icon name="plus" size={16} />
          </Button>
        </Group>
      </NumberField>
    </I18nProvider>
  );
}
