// Number-only field (docs/behaviour.md «Widgets and timing») on react-imask, the project's mask
// library: it takes digits only (typed, pasted or dropped), clamps to a numeric maximum as it is
// typed, cuts at a symbol maximum and then shows a length/max counter. Not React Aria's
// NumberField: that one parses a localised number and clamps only when the field is left, so it
// cannot keep leading zeros, a symbol maximum or a total that follows every keystroke
// (decision 060). Without JavaScript it is a plain text field with the server's (already clamped)
// value.
import { useMemo, useState, type InputHTMLAttributes } from "react";
import { useIMask } from "react-imask";
import { clampDigits, numberOnlyMask } from "../lib/number-only.ts";
import "./NumberOnlyInput.css";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "max" | "maxLength" | "onChange" | "value" | "defaultValue"> & {
  /** numeric maximum: a bigger number becomes this one */
  max?: number;
  /** symbol maximum: longer input is cut; the counter shows length/max */
  maxLength?: number;
  defaultValue?: string | number;
  onValueChange?: (value: string) => void;
};

export function NumberOnlyInput({ max, maxLength, defaultValue, onValueChange, className, ...rest }: Props) {
  const opts = useMemo(() => numberOnlyMask({ max, maxLength }), [max, maxLength]);
  const [initial] = useState(() => clampDigits(String(defaultValue ?? ""), { max, maxLength }));
  const [length, setLength] = useState(initial.length);
  const { ref } = useIMask<HTMLInputElement>(opts, {
    onAccept: (value: string) => {
      setLength(value.length);
      onValueChange?.(value);
    },
  });

  const input = (
    <input
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      className={["number-only", className].filter(Boolean).join(" ")}
      defaultValue={initial}
      maxLength={maxLength}
    />
  );
  if (!maxLength) return input;
  return (
    <span className="number-only__wrap">
      {input}
      <span className="number-only__counter" aria-hidden="true">
        {length}/{maxLength}
      </span>
    </span>
  );
}
