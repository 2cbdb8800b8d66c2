import type { ProfileFileInfo } from "./account-types.ts";
import { FileUpload } from "../../ui/FileUpload.tsx";
import { FormNotice } from "./AuthCard.tsx";

export interface UploadOutcome {
  saved: string[];
  errors: string[];
}

/** Outcome of a no-JS upload, shown once after the redirect back. */
export function UploadNotice({ outcome }: { outcome: UploadOutcome | null }) {
  if (!outcome) return null;
  return (
    <>
      {outcome.saved.length ? <FormNotice tone="ok">Загружено: {outcome.saved.join(", ")}</FormNotice> : null}
      {outcome.errors.map((e, i) => (
        <FormNotice key={i} tone="error">
          {e}
        </FormNotice>
      ))}
    </>
  );
}

export function ProfileFiles({ files, outcome }: { files: ProfileFileInfo[]; outcome: UploadOutcome | null }) {
  return (
    <section className="profile-card" aria-labelledby="profile-files-title" id="files">
      <h2 id="profile-files-title">Мои файлы</h2>
      <p className="profile-card__lead">Фотографии интерьера и планировки помогут нам подобрать мебель. Видны только вам.</p>
      <UploadNotice outcome={outcome} />
      <FileUpload id="profile-files" initialFiles={files} />
    </section>
  );
}
