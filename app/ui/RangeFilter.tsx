import { lazy, Suspense, useState } from "react";
import { useHydrated } from "./use-hydrated.ts";
import "./RangeFilter.css";

const RangeSlider = lazy(() => import("./RangeSlider.tsx"));

interface Props {
  code: string;
  /** «Цена» gives inputs «Цена от» / «Цена до» */
  title: string;
  unit: string;
  min: number;
  max: number;
  step: number;
  from?: number;
  to?: number;
  /** called when the visitor settles on a value: slider released, Enter, arrows, leaving a box */
  onCommit?: () => void;
}

const parse = (text: string): number | undefined => {
  const n = Number(text.trim().replace(/\s/g, "").replace(",", "."));
  return text.trim() !== "" && Number.isFinite(n) ? n : undefined;
};

/**
 * A two-thumb range (React Aria slider, loaded after hydration) with «от» / «до» boxes. The boxes are the form fields:
 * they carry `<code>[min]` / `<code>[max]` names only while they differ from the bounds, so the
 * URL never holds a range equal to the slider's ends. Without JavaScript the boxes post as they are.
 */
export function RangeFilter({ code, title, unit, min, max, step, from, to, onCommit }: Props) {
  const [lo, setLo] = useState(from ?? min);
  const [hi, setHi] = useState(to ?? max);
  const [loText, setLoText] = useState(String(from ?? min));
  const [hiText, setHiText] = useState(String(to ?? max));
  // A new listing brings new bounds: take them without remounting, so focus stays in the box.
  const signature = `${min}:${max}:${from}:${to}`;
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setLo(from ?? min);
    setHi(to ?? max);
    setLoText(String(from ?? min));
    setHiText(String(to ?? max));
  }
  const hydrated = useHydrated();
  const disabled = min >= max;
  const percent = (v: number) => (disabled ? 0 : ((v - min) / (max - min)) * 100);

  const commit = (nextLo: number, nextHi: number) => {
    let a = Math.min(max, Math.max(min, nextLo));
    let b = Math.min(max, Math.max(min, nextHi));
    if (a > b) [a, b] = [b, a];
    setLo(a);
    setHi(b);
    setLoText(String(a));
    setHiText(String(b));
    if (a !== lo || b !== hi || a !== nextLo || b !== nextHi) onCommit?.();
  };

  const box = (end: "min" | "max") => {
    const isMin = end === "min";
    const text = isMin ? loText : hiText;
    const value = isMin ? lo : hi;
    const bound = isMin ? min : max;
    return (
      <input
        type="number"
        inputMode="decimal"
        className="range-filter__input"
        aria-label={`${title} ${isMin ? "от" : "до"}`}
        // before hydration the box always posts (no-JS form); after it, only when it narrows
        name={!hydrated || value !== bound ? `${code}[${end}]` : undefined}
        min={min}
        max={max}
        step={step}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const t = e.target.value;
          if (isMin) setLoText(t);
          else setHiText(t);
          const n = parse(t);
          if (n !== undefined && n >= min && n <= max) {
            if (isMin) setLo(n);
            else setHi(n); // the handle follows the typing
          }
        }}
        onBlur={() => {
          const n = parse(text);
          commit(isMin ? (n ?? min) : lo, isMin ? hi : (n ?? max));
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            const n = parse(text);
            commit(isMin ? (n ?? min) : lo, isMin ? hi : (n ?? max));
          } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
            // one step per press, and the filter re-runs as for a released handle
            e.preventDefault();
            const n = (parse(text) ?? value) + (e.key === "ArrowUp" ? step : -step);
            commit(isMin ? n : lo, isMin ? hi : n);
          }
        }}
      />
    );
  };

  return (
    <div className="range-filter">
      <div className="range-filter__boxes">
        <label className="range-filter__box">
          <span aria-hidden="true">от</span>
          {box("min")}
        </label>
        <span aria-hidden="true">—</span>
        <label className="range-filter__box">
          <span aria-hidden="true">до</span>
          {box("max")}
        </label>
        {unit ? <span className="range-filter__unit">{unit}</span> : null}
      </div>
      {/* React Aria's slider (the handles) comes just after hydration, off the page's first load
          (decision 092); until then a drawing of the same size stands in, and the boxes work. */}
      <Suspense fallback={<SliderDrawing lo={percent(lo)} hi={percent(hi)} />}>
        {hydrated ? (
          <RangeSlider
            title={title}
            min={min}
            max={max}
            step={step}
            value={[lo, hi]}
            disabled={disabled}
            onChange={(a, b) => {
              setLo(a);
              setHi(b);
              setLoText(String(a));
              setHiText(String(b));
            }}
            onChangeEnd={() => onCommit?.()}
          />
        ) : (
          <SliderDrawing lo={percent(lo)} hi={percent(hi)} />
        )}
      </Suspense>
    </div>
  );
}

/** The slider as it looks, without its behaviour: the server's render and the moment before the slider's code arrives. */
function SliderDrawing({ lo, hi }: { lo: number; hi: number }) {
  return (
    <div className="range-filter__slider" aria-hidden="true">
      <div className="range-filter__track">
        <div className="range-filter__fill" style={{ left: `${lo}%`, width: `${hi - lo}%` }} />
        <span className="range-filter__thumb range-filter__thumb--drawn" style={{ left: `${lo}%` }} />
        <span className="range-filter__thumb range-filter__thumb--drawn" style={{ left: `${hi}%` }} />
      </div>
    </div>
  );
}
