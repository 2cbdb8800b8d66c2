// The callback form's name, shared by the header's link (in every page's code) and the form
// itself (loaded on demand), so the link does not import the form to read it.
export const CALLBACK_TITLE = "Обратный звонок";
