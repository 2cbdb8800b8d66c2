// Date (and time) picker on React Aria in ru-RU (docs/behaviour.md «Widgets and timing»): single,
// range or multiple dates, minimum and maximum, disabled dates, 24-hour time with an hour step. The
// form gets «Y-m-d H:i» (or «Y-m-d») in hidden fields; without JavaScript a plain text field takes
// the same format. Once a date is chosen the label is marked focused (data-filled).
import { useState } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
  type DateValue,
} from "react-aria-components";
import { isSameDay, toCalendarDate, type CalendarDate, type CalendarDateTime } from "@internationalized/date";
import { formatYmdHi, snapHour } from "../lib/date-value.ts";
import { Icon } from "./Icon.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./DatePicker.css";

export type DatePickerMode = "single" | "range" | "multiple";

interface Props {
  label: string;
  name: string;
  mode?: DatePickerMode;
  /** date and time (single mode): 24-hour, minutes */
  withTime?: boolean;
  hourStep?: number;
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  isDateUnavailable?: (date: DateValue) => boolean;
  hint?: string;
}

function CalendarHeader() {
  return (
    <header className="date-picker__header">
      <Button slot="previous" className="icon-button" aria-label="Предыдущий месяц">
        <Icon name="chevron-left" />
      </Button>
      <Heading className="date-picker__month" />
      <Button slot="next" className="icon-button" aria-label="Следующий месяц">
        <Icon name="chevron-right" />
      </Button>
    </header>
  );
}

const toText = (d: DateValue | null | undefined, withTime: boolean) =>
  d ? formatYmdHi({ year: d.year, month: d.month, day: d.day, ...("hour" in d ? { hour: d.hour, minute: d.minute } : {}) }, withTime) : "";

export function DatePicker({ label, name, mode = "single", withTime = false, hourStep = 1, minValue, maxValue, isDateUnavailable, hint }: Props) {
  const hydrated = useHydrated();
  const [single, setSingle] = useState<DateValue | null>(null);
  const [range, setRange] = useState<{ start: DateValue; end: DateValue } | null>(null);
  const [many, setMany] = useState<CalendarDate[]>([]);
  const filled = Boolean(single || range || many.length);
  const hintId = `${name}-hint`;

  if (!hydrated) {
    // no JavaScript (or not yet): the same format by hand
    return (
      <div className="date-picker">
        <label className="date-picker__label" htmlFor={`${name}-text`}>
          {label}
        </label>
        <input
          id={`${name}-text`}
          className="form-control"
          name={name}
          placeholder={withTime ? "ГГГГ-ММ-ДД ЧЧ:ММ" : mode === "range" ? "ГГГГ-ММ-ДД — ГГГГ-ММ-ДД" : "ГГГГ-ММ-ДД"}
          aria-describedby={hint ? hintId : undefined}
        />
        {hint ? (
          <p id={hintId} className="form-group__hint">
            {hint}
          </p>
        ) : null}
      </div>
    );
  }

  let control;
  if (mode === "range") {
    control = (
      <DateRangePicker
        className="date-picker"
        value={range}
        onChange={setRange}
        minValue={minValue}
        maxValue={maxValue}
        isDateUnavailable={isDateUnavailable}
        allowsNonContiguousRanges={false}
        aria-describedby={hint ? hintId : undefined}
      >
        <Label className="date-picker__label" data-filled={filled || undefined}>
          {label}
        </Label>
        <Group className="date-picker__group form-control">
          <DateInput slot="start" className="date-picker__input">
            {(segment) => <DateSegment segment={segment} className="date-picker__segment" />}
          </DateInput>
          <span aria-hidden="true">—</span>
          <DateInput slot="end" className="date-picker__input">
            {(segment) => <DateSegment segment={segment} className="date-picker__segment" />}
          </DateInput>
          <Button className="icon-button date-picker__button" aria-label="Открыть календарь">
            <Icon name="calendar" />
          </Button>
        </Group>
        <Popover className="date-picker__popover">
          <Dialog className="date-picker__dialog" aria-label={label}>
            <RangeCalendar className="date-picker__calendar">
              <CalendarHeader />
              <CalendarGrid>{(date) => <CalendarCell date={date} className="date-picker__cell" />}</CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
    );
  } else if (mode === "multiple") {
    // React Aria has no multi-date calendar: a Calendar whose clicks toggle dates in a list
    control = (
      <div className="date-picker">
        <span className="date-picker__label" id={`${name}-label`} data-filled={filled || undefined}>
          {label}
        </span>
        <Calendar
          aria-labelledby={`${name}-label`}
          className="date-picker__calendar date-picker__calendar--inline"
          minValue={minValue}
          maxValue={maxValue}
          isDateUnavailable={isDateUnavailable}
          value={null}
          onChange={(value: DateValue) => {
            const d = toCalendarDate(value);
            setMany((list) => (list.some((x) => isSameDay(x, d)) ? list.filter((x) => !isSameDay(x, d)) : [...list, d].sort((a, b) => a.compare(b))));
          }}
        >
          <CalendarHeader />
          <CalendarGrid>
            {(date) => (
              <CalendarCell date={date} className={() => `date-picker__cell${many.some((x) => isSameDay(x, date)) ? " date-picker__cell--chosen" : ""}`} />
            )}
          </CalendarGrid>
        </Calendar>
        <p className="date-picker__chosen" aria-live="polite">
          {many.length ? `Выбрано: ${many.map((d) => toText(d, false)).join(", ")}` : "Даты не выбраны"}
        </p>
      </div>
    );
  } else {
    control = (
      <AriaDatePicker
        className="date-picker"
        value={single}
        onChange={(v) => setSingle(v && "hour" in v && hourStep > 1 ? (v as CalendarDateTime).set({ hour: snapHour(v.hour, hourStep) }) : v)}
        minValue={minValue}
        maxValue={maxValue}
        isDateUnavailable={isDateUnavailable}
        granularity={withTime ? "minute" : "day"}
        hourCycle={24}
        aria-describedby={hint ? hintId : undefined}
      >
        <Label className="date-picker__label" data-filled={filled || undefined}>
          {label}
        </Label>
        <Group className="date-picker__group form-control">
          <DateInput className="date-picker__input">{(segment) => <DateSegment segment={segment} className="date-picker__segment" />}</DateInput>
          <Button className="icon-button date-picker__button" aria-label="Открыть календарь">
            <Icon name="calendar" />
          </Button>
        </Group>
        <Popover className="date-picker__popover">
          <Dialog className="date-picker__dialog" aria-label={label}>
            <Calendar className="date-picker__calendar">
              <CalendarHeader />
              <CalendarGrid>{(date) => <CalendarCell date={date} className="date-picker__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    );
  }

  return (
    <I18nProvider locale="ru-RU">
      <div className="date-picker__wrap" data-mode={mode}>
        {control}
        {hint ? (
          <p id={hintId} className="form-group__hint">
            {hint}
          </p>
        ) : null}
        {mode === "range" ? (
          <>
            <input type="hidden" name={`${name}[from]`} value={toText(range?.start, withTime)} />
            <input type="hidden" name={`${name}[to]`} value={toText(range?.end, withTime)} />
          </>
        ) : mode === "multiple" ? (
          many.map((d) => <input key={d.toString()} type="hidden" name={`${name}[]`} value={toText(d, false)} />)
        ) : (
          <input type="hidden" name={name} value={toText(single, withTime)} data-testid={`${name}-value`} />
        )}
      </div>
    </I18nProvider>
  );
}
