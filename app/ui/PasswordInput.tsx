import { useState, useSyncExternalStore, type InputHTMLAttributes } from "react";
import { Icon } from "./Icon.tsx";
import "./PasswordInput.css";

const noop = () => () => {};

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  id: string;
}

/**
 * A password field with the «Показать пароль» / «Скрыть пароль» toggle (docs/behaviour.md
 * «Every page»). The toggle needs JavaScript, so it appears only after
 * hydration; without it the field is an ordinary password field.
 */
export function PasswordInput(input: Props) {
  const [visible, setVisible] = useState(false);
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  return (
    <span className="password-input">
      <input {...input} type={visible ? "text" : "password"} spellCheck={false} autoCapitalize="none" />
      {hydrated ? (
        <button type="button" className="password-input__toggle" aria-controls={input.id} onClick={() => setVisible((v) => !v)}>
          <Icon name={visible ? "eye-off" : "eye"} />
          <span className="visually-hidden">{visible ? "Скрыть пароль" : "Показать пароль"}</span>
        </button>
      ) : null}
    </span>
  );
}
