import { FormGroup } from "../../../ui/FormGroup.tsx";

/**
 * Video files for the product's gallery. Named «Файлы роликов» so that «Видео» stays the links
 * field's own name; after the save the files appear there as lines of their own (decision 077).
 */
export function ProductVideoFilesField({ error }: { error?: string }) {
  return (
    <FormGroup id="product-video-files" label="Файлы роликов" error={error} hint="MP4 или WebM до 100 МБ; после сохранения появятся строками в поле «Видео»">
      {(control) => (
        <input {...control} className={`${control.className} form-control--file`} type="file" name="videoFiles" multiple accept="video/mp4,video/webm" />
      )}
    </FormGroup>
  );
}
