import { Link } from "react-router";
import "./ErrorPage.css";

const TEXT: Record<number, { title: string; text: string }> = {
  404: { title: "Страница не найдена", text: "Возможно, её переместили или в адресе опечатка. Загляните в каталог или вернитесь на главную." },
  400: { title: "Некорректный запрос", text: "Проверьте адрес страницы и попробуйте ещё раз." },
  403: { title: "Доступ запрещён", text: "У вас нет доступа к этой странице." },
  410: { title: "Товар удалён из каталога", text: "Этого товара больше нет в продаже. Похожие найдутся в каталоге." },
  429: { title: "Слишком много запросов", text: "С вашего адреса пришло слишком много запросов. Попробуйте снова через несколько минут." },
};

/** Russian error page inside the site chrome; never shows a stack trace. */
export function ErrorPage({ status }: { status: number }) {
  const t = TEXT[status] ?? { title: "Что-то пошло не так", text: "Произошла ошибка на сервере. Попробуйте обновить страницу через минуту." };
  return (
    <div className="container error-page">
      <title>{`${t.title} — Витрина`}</title>
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <p className="error-page__actions">
        <Link className="button" to="/">
          На главную
        </Link>
        <Link className="button button--ghost" to="/catalog/">
          В каталог
        </Link>
      </p>
    </div>
  );
}
