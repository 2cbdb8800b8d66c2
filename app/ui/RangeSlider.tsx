// The handles of RangeFilter: React Aria's two-thumb slider, loaded by RangeFilter once the page
// has hydrated, so its code (React Aria's slider, focus and press handling, ≈12 KB gzip) is not
// part of the catalogue's first load (decision 092).
import { Slider, SliderThumb, SliderTrack } from "react-aria-components";

interface Props {
  title: string;
  min: number;
  max: number;
  step: number;
  value: [number, number];
  disabled: boolean;
  onChange: (lo: number, hi: number) => void;
  /** the visitor let go of a handle (or pressed a key on it) */
  onChangeEnd: () => void;
}

export default function RangeSlider({ title, min, max, step, value, disabled, onChange, onChangeEnd }: Props) {
  return (
    <Slider
      className="range-filter__slider"
      minValue={min}
      maxValue={max}
      step={step}
      value={value}
      isDisabled={disabled}
      aria-label={title}
      onChange={(v) => {
        const [a, b] = v as number[];
        onChange(a!, b!);
      }}
      onChangeEnd={onChangeEnd}
    >
      <SliderTrack className="range-filter__track">
        {({ state }) => (
          <>
            <div
              className="range-filter__fill"
              style={{ left: `${state.getThumbPercent(0) * 100}%`, width: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%` }}
            />
            <SliderThumb index={0} className="range-filter__thumb" aria-label={`${title}: минимум`} />
            <SliderThumb index={1} className="range-filter__thumb" aria-label={`${title}: максимум`} />
          </>
        )}
      </SliderTrack>
    </Slider>
  );
}
