import { useId } from "react";
import { displayRating, formatRating, RATING_MAX } from "../lib/rating.ts";
import "./StarRating.css";

const STAR = "M12 2.5l2.94 6.1 6.66.9-4.86 4.62 1.2 6.62L12 17.5l-5.94 3.24 1.2-6.62L2.4 9.5l6.66-.9z";

function Stars({ size, className }: { size: number; className: string }) {
  return (
    <span className={className} aria-hidden="true">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/**
 * A rating shown as stars, 0–5 in steps of 0.1 (32 px for a product's rating, 16 px elsewhere;
 * docs/behaviour.md «Widgets and timing»): a row of empty stars with the filled row clipped to the
 * value.
 */
export function StarRating({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const v = displayRating(value);
  return (
    <span className="star-rating" role="img" aria-label={label ?? `Оценка ${formatRating(v)} из ${RATING_MAX}`} style={{ height: size }}>
      <Stars size={size} className="star-rating__empty" />
      <span className="star-rating__fill" style={{ width: `${(v / RATING_MAX) * 100}%` }}>
        <Stars size={size} className="star-rating__row" />
      </span>
    </span>
  );
}

const STAR_WORDS = ["звезда", "звезды", "звезды", "звезды", "звёзд"] as const;

interface InputProps {
  name: string;
  /** the chosen whole stars as typed in the form ("" when none) */
  defaultValue?: string;
  label?: string;
  error?: string;
  errorId?: string;
  size?: number;
  onChange?: (value: number) => void;
}

/**
 * Rating input in whole stars (step 1): five radio buttons drawn as stars, so it posts as a
 * plain form field without JavaScript and works with the keyboard like any radio group. The
 * stars up to the checked (or hovered) one light up in CSS alone.
 */
export function StarRatingInput({ name, defaultValue = "", label = "Оценка", error, errorId, size = 32, onChange }: InputProps) {
  const id = useId();
  return (
    <fieldset
      className={`star-input${error ? " star-input--error" : ""}`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="star-input__legend">
        {label}
        <span className="star-input__required" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="star-input__stars">
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const n = i + 1;
          return (
            <label key={n} className="star-input__star" htmlFor={`${id}-${n}`}>
              <input id={`${id}-${n}`} type="radio" name={name} value={n} defaultChecked={defaultValue === String(n)} onChange={() => onChange?.(n)} />
              <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={STAR} />
              </svg>
              <span className="visually-hidden">
                {n} {STAR_WORDS[n - 1]} из {RATING_MAX}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
