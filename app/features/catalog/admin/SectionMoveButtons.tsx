/**
 * «Выше» / «Ниже» for one row of an ordered list (sections among their siblings, a section's
 * filters). Submit buttons of the surrounding form; `data-move` lets the page give the focus back
 * to the pressed one after the move. The row's title describes them for screen readers.
 */
export function SectionMoveButtons({
  id,
  first,
  last,
  describedBy,
  name = "direction",
  value = (d) => d,
}: {
  id: string | number;
  first: boolean;
  last: boolean;
  describedBy: string;
  /** the submitted field: "direction" (value up/down) by default */
  name?: string;
  value?: (direction: "up" | "down") => string;
}) {
  const buttons = [
    { direction: "up", label: "Выше", disabled: first },
    { direction: "down", label: "Ниже", disabled: last },
  ] as const;
  return (
    <span className="move-buttons">
      {buttons.map((b) => (
        <button
          key={b.direction}
          type="submit"
          name={name}
          value={value(b.direction)}
          className="button button--ghost move-buttons__button"
          data-move={`${id}:${b.direction}`}
          disabled={b.disabled}
          aria-describedby={describedBy}
        >
          {b.label}
        </button>
      ))}
    </span>
  );
}
