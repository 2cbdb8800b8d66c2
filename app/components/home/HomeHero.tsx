import { Link } from "react-router";

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
        <svg className="home-hero__art" viewBox="0 0 480 320" role="img" aria-label="Гостиная с диваном, торшером и растением">
          <rect width="480" height="320" rx="24" fill="#F3EFE9" />
          <rect x="0" y="250" width="480" height="70" rx="0" fill="#E7E2DA" />
          <rect x="80" y="150" width="250" height="80" rx="18" fill="#2F5D50" />
          <rect x="60" y="175" width="40" height="70" rx="14" fill="#244A40" />
          <rect x="310" y="175" width="40" height="70" rx="14" fill="#244A40" />
          <rect x="95" y="205" width="240" height="40" rx="10" fill="#386E5F" />
          <rect x="100" y="245" width="8" height="14" fill="#6B6660" />
          <rect x="322" y="245" width="8" height="14" fill="#6B6660" />
          <rect x="392" y="90" width="6" height="160" fill="#6B6660" />
          <path d="M370 90h50l-12-40h-26z" fill="#B4452F" />
          <ellipse cx="395" cy="252" rx="26" ry="6" fill="#6B6660" />
          <rect x="28" y="200" width="26" height="50" rx="6" fill="#B4452F" />
          <path d="M41 200c-20-30-10-60 0-80 10 20 20 50 0 80z" fill="#1E6B3A" />
          <rect x="170" y="50" width="90" height="70" rx="6" fill="#FFFFFF" stroke="#E7E2DA" strokeWidth="4" />
          <path d="M180 110l25-30 20 20 15-12 10 22z" fill="#E7E2DA" />
        </svg>
      </div>
    </section>
  );
}
