// «Дизайнерам и архитекторам» on /about/: the application link opens only once the terms are
// accepted; without JavaScript the link simply works.
import { Link } from "react-router";
import { AgreeCheckbox, AgreeLink, useAgree } from "../../ui/AgreeCheckbox.tsx";

export function AboutPartners() {
  const agree = useAgree();
  return (
    <section className="page-section about-partners" aria-labelledby="about-partners">
      <h2 id="about-partners">Дизайнерам и архитекторам</h2>
      <p>
        Скидка 10 % на заказы ваших клиентов, образцы тканей и отделки на неделю бесплатно, персональный менеджер в шоуруме. Условия программы — на странице{" "}
        <Link to="/warranty/">гарантии и возврата</Link> и у менеджера.
      </p>
      <AgreeCheckbox agree={agree} name="partner_terms" controls="partner-apply">
        Я принимаю условия партнёрской программы
      </AgreeCheckbox>
      <p>
        <AgreeLink agree={agree} id="partner-apply" href="/contacts/#feedback" className="button button--action about-partners__apply">
          Стать партнёром
        </AgreeLink>
      </p>
    </section>
  );
}
