export type IconName =
  | "search"
  | "menu"
  | "x"
  | "phone"
  | "user"
  | "heart"
  | "heart-filled"
  | "scale"
  | "arrow-up"
  | "chevron-down"
  | "chevron-right"
  | "chevron-left"
  | "layout-grid"
  | "list"
  | "shopping-cart"
  | "truck"
  | "shield-check"
  | "package"
  | "map-pin"
  | "clock"
  | "mail"
  | "star"
  | "git-compare"
  | "sliders-horizontal"
  | "trash-2"
  | "undo-2"
  | "minus"
  | "plus"
  | "check"
  | "info"
  | "triangle-alert"
  | "share-2"
  | "copy"
  | "upload"
  | "file"
  | "eye"
  | "eye-off"
  | "log-out"
  | "calendar";

/** An icon from the sprite (scripts/build-sprite.ts). Decorative: the control carries the name. */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
