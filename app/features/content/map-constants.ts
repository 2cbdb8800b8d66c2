/** The contacts map: initial zoom 6, balloon 340×340, balloon opens at 992 px and above (both map providers). */
export const MAP_ZOOM = 6;
export const POPUP_SIZE = 340;
export const POPUP_MIN_WIDTH_PX = 992;
