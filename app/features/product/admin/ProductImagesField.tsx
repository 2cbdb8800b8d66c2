import type { ProductImage } from "../../../db/schema.ts";
import { IMAGES_LISTED_FIELD } from "../../media/index.ts";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import { ProductPicture } from "../../media/components.ts";
import "./product-images.css";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

function RowButton({ command, label, n, disabled }: { command: string; label: string; n: number; disabled?: boolean }) {
  return (
    <button
      type="submit"
      className="button button--ghost product-images__button"
      name="imageCommand"
      value={command}
      disabled={disabled}
      aria-label={`${label}: фото ${n}`}
    >
      {label}
    </button>
  );
}

/**
 * The product's pictures in the form: the current list (thumbnail, alt text, «Выше» / «Ниже»,
 * «Сделать главным», «Удалить») and the file input «Изображения» for new ones. The row buttons
 * submit the whole form, so they work without JavaScript; the save applies them (decision 077).
 * Paths and sizes travel in hidden fields, so a refused save shows uploads again.
 */
export function ProductImagesField({ images, error }: { images: ProductImage[]; error?: string }) {
  return (
    <section className="product-images" aria-labelledby="product-images-heading">
      <h2 id="product-images-heading" className="product-images__heading">
        Фото товара
      </h2>
      <input type="hidden" name={IMAGES_LISTED_FIELD} value="1" />
      {images.length ? (
        <>
          <p className="product-images__note">Первое фото — главное: оно в карточке, в каталоге и открывает галерею.</p>
          <ol className="product-images__list">
            {images.map((image, i) => {
              const n = i + 1;
              return (
                <li key={image.src} className="product-images__item">
                  <ProductPicture image={image} sizes="96px" className="product-images__thumb" />
                  <div className="product-images__body">
                    <p className="product-images__place">{i === 0 ? <strong>Главное фото</strong> : `Фото ${n}`}</p>
                    <input type="hidden" name="imageSrc" value={image.src} />
                    <input type="hidden" name="imageWidth" value={image.width} />
                    <input type="hidden" name="imageHeight" value={image.height} />
                    <FormGroup id={`product-image-alt-${n}`} label={`Подпись к фото ${n}`} hint={i === 0 ? "Текст для незрячих и поисковиков" : undefined}>
                      {(control) => <input {...control} name="imageAlt" defaultValue={image.alt} maxLength={200} />}
                    </FormGroup>
                    <div className="product-images__actions">
                      <RowButton command={`up:${i}`} label="Выше" n={n} disabled={i === 0} />
                      <RowButton command={`down:${i}`} label="Ниже" n={n} disabled={i === images.length - 1} />
                      {i > 0 ? <RowButton command={`main:${i}`} label="Сделать главным" n={n} /> : null}
                      <RowButton command={`remove:${i}`} label="Удалить" n={n} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      ) : (
        <p className="product-images__note">Фото пока нет. Первое загруженное станет главным.</p>
      )}
      <FormGroup
        id="product-images"
        label="Изображения"
        error={error}
        hint="JPEG, PNG, WebP или AVIF до 10 МБ, не уже 320 пикселей; можно выбрать несколько. Новые встанут в конец списка."
      >
        {(control) => (
          // a refused save keeps the page (with JavaScript): the files already stored are rows now,
          // so the input starts empty again instead of sending them a second time
          <input
            {...control}
            key={images.map((i) => i.src).join(" ")}
            className={`${control.className} form-control--file`}
            type="file"
            name="images"
            multiple
            accept={ACCEPT}
          />
        )}
      </FormGroup>
    </section>
  );
}
