import { Form } from "react-router";
import "./exchange.css";

interface Props {
  feedUrl: string;
  sections: { id: number; parentId: number | null; title: string }[];
  /** ids ticked: the saved settings, or what was sent when the save was refused */
  included: readonly number[];
  version: number;
  error: string | null;
}

/** Which sections go into the Yandex Market feed: a checkbox per section, subsections indented. */
export function FeedSettingsForm({ feedUrl, sections, included, version, error }: Props) {
  const ticked = new Set(included);
  return (
    <section className="exchange-card" aria-labelledby="feed-title">
      <h2 id="feed-title">Фид для Яндекс Маркета</h2>
      <p>
        Адрес фида: <a href={feedUrl}>{feedUrl}</a> (сжатый: <a href={`${feedUrl}.gz`}>{`${feedUrl}.gz`}</a>). Фид пересобирается после изменений каталога.
      </p>
      <Form method="post" className="exchange-form">
        <input type="hidden" name="version" value={version} />
        <fieldset className="exchange-form__sections">
          <legend>Разделы в фиде</legend>
          <p className="exchange-form__hint" id="feed-sections-hint">
            Снятый раздел убирает из фида и свои подразделы.
          </p>
          {sections.map((s) => (
            <label key={s.id} className={s.parentId === null ? "exchange-form__check" : "exchange-form__check exchange-form__check--sub"}>
              <input type="checkbox" name="section" value={s.id} defaultChecked={ticked.has(s.id)} aria-describedby="feed-sections-hint" /> {s.title}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="exchange-form__error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button">
          Сохранить
        </button>
      </Form>
    </section>
  );
}
