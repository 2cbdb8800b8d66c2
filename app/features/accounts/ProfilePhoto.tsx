import { useState } from "react";
import type { ProfileFileInfo } from "./account-types.ts";
import { FileUpload } from "../../ui/FileUpload.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { UploadNotice, type UploadOutcome } from "./ProfileFiles.tsx";

/** The single-file uploader: a new photo replaces the old one. */
export function ProfilePhoto({ avatar, outcome }: { avatar: ProfileFileInfo | null; outcome: UploadOutcome | null }) {
  const [src, setSrc] = useState(avatar ? `${avatar.filePath}?inline=1` : null);
  return (
    <section className="profile-card profile-photo" aria-labelledby="profile-photo-title" id="photo">
      <h2 id="profile-photo-title">Фото профиля</h2>
      <UploadNotice outcome={outcome} />
      <div className="profile-photo__body">
        <div className="profile-photo__preview">{src ? <img src={src} alt="Ваше фото" width={96} height={96} /> : <Icon name="user" size={40} />}</div>
        <FileUpload
          id="profile-photo"
          multiple={false}
          fields={{ purpose: "avatar" }}
          initialFiles={avatar ? [avatar] : []}
          onChange={(files) => setSrc(files[0]?.filePath ? `${files[0].filePath}?inline=1` : null)}
        />
      </div>
    </section>
  );
}
