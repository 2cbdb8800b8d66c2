// Arrow-key movement in a tab list (WAI-ARIA tabs pattern): the index a key moves focus to.

/** ArrowRight/ArrowLeft wrap around, Home and End jump to the ends; other keys → null. */
export function rovingIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return index === last ? 0 : index + 1;
    case "ArrowLeft":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
