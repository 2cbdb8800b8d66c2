import { Link } from "react-router";
import { NewsPicture } from "./NewsPicture.tsx";

export function HomeHero() {
  return (
    <section className="home-hero">
      <div className="container home-hero__inner">
        <div className="home-hero__text">
          <h1>Мебель и интерьер для спокойного дома</h1>
          <p className="home-hero__lead">Диваны, столы, шкафы, свет и текстиль от проверенных фабрик. Доставим, поднимем на этаж и соберём.</p>
          <p className="home-hero__actions">
            <Link to="/catalog/" className="button button--action">
              Перейти в каталог
            </Link>
            <a href="#popular" className="button button--ghost">
              Популярные товары
            </a>
          </p>
        </div>
        <NewsPicture
          className="home-hero__art"
          src="/media/news/home-hero"
          alt="Гостиная: зелёный диван с подушками, терракотовое кресло, торшер и растение у окна"
          sizes="(min-width: 992px) 560px, 100vw"
          priority
        />
      </div>
    </section>
  );
}
