import { Form, useNavigation } from "react-router";
import { FormGroup } from "../../ui/FormGroup.tsx";
import "./PromoCodeForm.css";

interface Props {
  /** the code kept for this cart, if any */
  applied: string | null;
  /** why the kept code gives nothing now (expired, below the minimum…), or why the typed one was refused */
  error?: string;
  /** what the shopper typed, kept after a refusal */
  typed?: string;
}

/**
 * «Промокод» with «Применить»: a plain POST to the cart page (303 back, or 422 with the message
 * under the field and the code kept in it); with JavaScript the same form without a page load.
 * An applied code is shown with «Убрать» instead.
 */
export function PromoCodeForm({ applied, error, typed }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/cart") && navigation.formData?.has("promo");
  if (applied) {
    return (
      <Form method="post" action="/cart/" className="promo-form promo-form--applied" preventScrollReset>
        <input type="hidden" name="promo" value="remove" />
        <p className="promo-form__applied" data-testid="promo-applied">
          Промокод <strong>{applied}</strong> {error ? "не действует" : "применён"}
        </p>
        {error ? (
          <p className="promo-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--ghost promo-form__remove" disabled={sending}>
          Убрать
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action="/cart/" className="promo-form" preventScrollReset>
      <input type="hidden" name="promo" value="apply" />
      <FormGroup id="cart-promo" label="Промокод" error={error}>
        {(control) => (
          <div className="promo-form__row">
            <input {...control} name="code" defaultValue={typed ?? ""} maxLength={60} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
            <button type="submit" className="button button--ghost" disabled={sending}>
              Применить
            </button>
          </div>
        )}
      </FormGroup>
    </Form>
  );
}
