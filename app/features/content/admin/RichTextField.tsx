import { FormGroup } from "../../../ui/FormGroup.tsx";
import "./RichTextField.css";

/** what every rich-text field tells staff: what is kept and what the sanitiser drops (decision 061) */
export const RICH_TEXT_HINT =
  "HTML: абзацы <p>, заголовки, списки, таблицы, ссылки, картинки из /media/. Скрипты, обработчики событий и ссылки javascript: удаляются при сохранении.";

interface Props {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  /** said after the common hint (a page's shop-fact tokens, the FAQ's question blocks) */
  extraHint?: string;
  /** the common hint said once above (many fields of one form): none here */
  noHint?: boolean;
}

/**
 * The back office's one rich-text field (pages, news, product descriptions): HTML typed or pasted
 * into a monospaced text area, cleaned by the server when saved and again when shown.
 */
export function RichTextField({ id, name, label, defaultValue, error, required, rows = 12, maxLength, extraHint, noHint = false }: Props) {
  const hint = noHint ? undefined : extraHint ? `${RICH_TEXT_HINT} ${extraHint}` : RICH_TEXT_HINT;
  return (
    <FormGroup id={id} label={label} hint={hint} error={error} required={required}>
      {(p) => (
        <textarea {...p} name={name} rows={rows} maxLength={maxLength} defaultValue={defaultValue} className={`${p.className} rich-text-field`} spellCheck />
      )}
    </FormGroup>
  );
}
