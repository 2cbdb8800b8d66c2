// The file widget (docs/behaviour.md «Uploads»). Picking and dropping are React Aria's FileTrigger
// and DropZone; the rest is our own behaviour (checks, save-to-server with progress, delete that
// never blocks, single-file replacement, plain mode for someone else's form). Without JavaScript,
// or without the File API, it is a native file input in a real multipart form: FileTrigger's input
// is hidden and opened by a script, so it cannot work there (decision 060).
import { useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Button, DropZone, FileTrigger, type DropItem } from "react-aria-components";
import { acceptAttribute, checkFile, DEFAULT_ACCEPT, DEFAULT_MAX_BYTES, FILE_MESSAGES, fileExtension, parseAccept } from "../lib/file-checks.ts";
import { formatBytes } from "../lib/format.ts";
import { Icon } from "./Icon.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./FileUpload.css";

/** A file the widget lists: saved on the server (id, filePath) or held for the form (dataUrl). */
export interface UploadedFile {
  id?: string;
  name: string;
  size: number;
  filePath?: string;
  dataUrl?: string;
}

interface Item extends UploadedFile {
  key: string;
  state: "uploading" | "ready" | "deleting";
  /** 0…1 while a large file uploads */
  progress: number | null;
}

export interface FileUploadProps {
  id: string;
  /** "server": each file is saved at once (POST uploadUrl); "plain": kept in hidden files[] fields of the surrounding form */
  mode?: "server" | "plain";
  /** false = single-file mode: a new file replaces the old one */
  multiple?: boolean;
  /** accepted extensions, e.g. "png,jpg,jpeg" (the default) */
  accept?: string | readonly string[];
  maxBytes?: number;
  label?: string;
  hint?: string;
  /** the file field's name without JavaScript (and the hidden fields' name in plain mode) */
  name?: string;
  uploadUrl?: string;
  deleteUrl?: string;
  /** extra fields posted with every upload, e.g. { purpose: "avatar" } */
  fields?: Record<string, string>;
  initialFiles?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
}

const noop = () => () => {};
/** files above this size show a progress bar while they upload */
const PROGRESS_FROM = 100 * 1024;
let keys = 0;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/** The answer of the upload call: a JSON object, or a string holding JSON (docs/behaviour.md «Uploads»). */
function parseAnswer(text: string): { id?: unknown; filePath?: unknown; name?: unknown; error?: unknown; replaced?: unknown } {
  try {
    let v: unknown = JSON.parse(text);
    if (typeof v === "string") v = JSON.parse(v);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function FileUpload({
  id,
  mode = "server",
  multiple = true,
  accept = DEFAULT_ACCEPT,
  maxBytes = DEFAULT_MAX_BYTES,
  label = multiple ? "Файлы" : "Файл",
  hint,
  name = mode === "plain" ? "files[]" : "file",
  uploadUrl = "/profile/file/add/",
  deleteUrl = "/profile/file/delete/",
  fields = {},
  initialFiles = [],
  onChange,
}: FileUploadProps) {
  const exts = parseAccept(accept);
  const hydrated = useHydrated();
  const fileApi = useSyncExternalStore(
    noop,
    () =>
      typeof window.File !== "undefined" &&
      typeof window.FileReader !== "undefined" &&
      typeof window.FileList !== "undefined" &&
      typeof window.Blob !== "undefined",
    () => true,
  );
  const enhanced = hydrated && fileApi;
  const [items, setItems] = useState<Item[]>(() => initialFiles.map((f) => ({ ...f, key: `f${keys++}`, state: "ready", progress: null })));
  const [errors, setErrors] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const uploads = useRef(new Map<string, XMLHttpRequest>());
  const hintId = useId();

  const commit = (update: (list: Item[]) => Item[]) => {
    setItems((list) => {
      const next = update(list);
      if (onChange && next !== list)
        queueMicrotask(() =>
          onChange(next.filter((i) => i.state === "ready").map(({ id, name, size, filePath, dataUrl }) => ({ id, name, size, filePath, dataUrl }))),
        );
      return next;
    });
  };
  const patch = (key: string, p: Partial<Item>) => commit((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));
  const drop = (key: string) => commit((list) => list.filter((i) => i.key !== key));

  async function callDelete(fileId: string) {
    try {
      const res = await fetch(deleteUrl, { method: "POST", body: new URLSearchParams({ id: fileId }), headers: { Accept: "application/json" } });
      if (!res.ok) console.warn(`Файл ${fileId} не удалён на сервере: HTTP ${res.status}`);
    } catch (err) {
      console.warn(`Файл ${fileId} не удалён на сервере`, err);
    }
  }

  async function remove(item: Item) {
    uploads.current.get(item.key)?.abort();
    if (mode === "server" && item.id) {
      patch(item.key, { state: "deleting" });
      // the item goes even when the call fails; the failure is only logged
      await callDelete(item.id);
    }
    drop(item.key);
  }

  function upload(file: File, item: Item, dataUrl: string, previous: Item[]) {
    const body = new FormData();
    body.set("fileName", file.name);
    body.set("file", dataUrl);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    const xhr = new XMLHttpRequest();
    uploads.current.set(item.key, xhr);
    xhr.open("POST", uploadUrl);
    xhr.setRequestHeader("Accept", "application/json");
    if (file.size > PROGRESS_FROM) xhr.upload.onprogress = (e) => e.lengthComputable && patch(item.key, { progress: e.loaded / e.total });
    const fail = (message: string) => {
      uploads.current.delete(item.key);
      setErrors((e) => [...e, message]);
      drop(item.key);
    };
    xhr.onerror = () => fail(FILE_MESSAGES.uploadFailed);
    xhr.onload = () => {
      const answer = parseAnswer(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300 || typeof answer.id !== "string") {
        return fail(xhr.status >= 400 && xhr.status < 500 && typeof answer.error === "string" ? answer.error : FILE_MESSAGES.uploadFailed);
      }
      uploads.current.delete(item.key);
      const saved = { id: answer.id, filePath: typeof answer.filePath === "string" ? answer.filePath : undefined, state: "ready" as const, progress: null };
      patch(item.key, typeof answer.name === "string" ? { ...saved, name: answer.name } : saved);
      // single-file mode: the new file replaces the old one, on the server too
      const replacedByServer = Array.isArray(answer.replaced) ? answer.replaced : [];
      for (const old of previous) {
        drop(old.key);
        if (old.id && !replacedByServer.includes(old.id)) void callDelete(old.id);
      }
    };
    xhr.send(body);
  }

  async function take(list: File[]) {
    const picked = multiple ? list : list.slice(0, 1);
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const f of picked) {
      const check = checkFile(f, exts, maxBytes);
      if (check.ok) accepted.push(f);
      else problems.push(check.message);
    }
    setErrors(problems);
    if (input.current) input.current.value = "";
    for (const file of accepted) {
      const item: Item = {
        key: `f${keys++}`,
        name: file.name,
        size: file.size,
        state: mode === "server" ? "uploading" : "ready",
        progress: file.size > PROGRESS_FROM ? 0 : null,
      };
      let dataUrl: string;
      try {
        dataUrl = await readAsDataUrl(file);
      } catch {
        setErrors((e) => [...e, FILE_MESSAGES.uploadFailed]);
        continue;
      }
      if (mode === "plain") {
        commit((l) => (multiple ? [...l, { ...item, dataUrl }] : [{ ...item, dataUrl }]));
      } else {
        const previous = multiple ? [] : items.filter((i) => i.state === "ready");
        commit((l) => [...l, item]);
        upload(file, item, dataUrl, previous);
      }
    }
  }

  // a drop or a paste (the drop zone's hidden button takes Ctrl+V): files only, folders and text ignored
  async function takeDropped(dropped: DropItem[]) {
    const files = await Promise.all(dropped.flatMap((item) => (item.kind === "file" ? [item.getFile()] : [])));
    await take(files);
  }

  const inputId = `${id}-input`;
  const hintText =
    hint ??
    `${exts.map((e) => e.toUpperCase()).join(", ")}, до ${formatBytes(maxBytes)}.${enhanced ? ` Можно перетащить ${multiple ? "файлы" : "файл"} сюда.` : ""}`;
  const labelAndHint = (control: ReactNode) => (
    <>
      {/* «Файлы» / «Файл» names the file input itself (DESIGN), hidden or not */}
      <label className="file-upload__label" htmlFor={inputId}>
        {label}
      </label>
      {control}
      <p className="file-upload__hint" id={hintId}>
        {hintText}
      </p>
    </>
  );

  // FileTrigger hands `id` on to its input (filterDOMProps), but its props type leaves it out
  const triggerInput: object = { id: inputId };
  const picker = enhanced ? (
    <DropZone
      className={({ isDropTarget }) => `file-upload__drop${isDropTarget ? " file-upload__drop--over" : ""}`}
      aria-label={multiple ? "Перетащите или вставьте файлы" : "Перетащите или вставьте файл"}
      onDrop={(e) => void takeDropped(e.items)}
    >
      {labelAndHint(
        <FileTrigger
          ref={input}
          {...triggerInput}
          allowsMultiple={multiple}
          acceptedFileTypes={exts.map((e) => `.${e}`)}
          onSelect={(list) => void take(Array.from(list ?? []))}
        >
          <Button className="file-upload__button" aria-describedby={hintId}>
            <Icon name="upload" size={18} /> {multiple ? "Выбрать файлы" : "Выбрать файл"}
          </Button>
        </FileTrigger>,
      )}
    </DropZone>
  ) : (
    <div className="file-upload__drop">
      {labelAndHint(
        // the browser's own control: the visitor sees what was chosen before pressing «Загрузить»
        <input
          id={inputId}
          className="file-upload__input"
          type="file"
          name={name}
          multiple={multiple}
          accept={acceptAttribute(exts)}
          aria-describedby={hintId}
        />,
      )}
    </div>
  );

  return (
    <div className="file-upload" data-mode={mode}>
      {mode === "server" ? (
        <form className="file-upload__form" method="post" action={uploadUrl} encType="multipart/form-data">
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {picker}
          {enhanced ? null : (
            <button type="submit" className="button file-upload__submit">
              <Icon name="upload" /> Загрузить
            </button>
          )}
        </form>
      ) : (
        picker
      )}
      <div className="file-upload__errors" role="alert">
        {!fileApi ? <p>{FILE_MESSAGES.noFileApi}</p> : null}
        {errors.map((e, i) => (
          <p key={i}>{e}</p>
        ))}
      </div>
      {items.length > 0 ? (
        <ul className="file-upload__list" aria-label={multiple ? "Выбранные файлы" : "Выбранный файл"}>
          {items.map((item) => (
            <FileRow key={item.key} item={item} deleteUrl={deleteUrl} serverMode={mode === "server"} onRemove={() => void remove(item)} />
          ))}
        </ul>
      ) : null}
      {mode === "plain"
        ? items.map((item) => (
            <span key={item.key} hidden>
              <input type="hidden" name={name} value={item.dataUrl ?? ""} />
              <input type="hidden" name="fileNames[]" value={item.name} />
            </span>
          ))
        : null}
    </div>
  );
}

function FileRow({ item, deleteUrl, serverMode, onRemove }: { item: Item; deleteUrl: string; serverMode: boolean; onRemove: () => void }) {
  const ext = fileExtension(item.name);
  const busy = item.state !== "ready";
  const removeButton = (
    <button
      type={serverMode ? "submit" : "button"}
      className="icon-button file-upload__delete"
      disabled={item.state === "deleting"}
      aria-label={`Удалить ${item.name}`}
      onClick={serverMode ? undefined : onRemove}
    >
      <Icon name="trash-2" size={18} />
    </button>
  );
  const nameLink = serverMode && item.filePath && item.state === "ready" ? <a href={item.filePath}>{item.name}</a> : item.name;
  return (
    <li className="file-upload__item" aria-busy={busy || undefined}>
      <Icon name="file" className="file-upload__icon" />
      <span className="file-upload__name">{nameLink}</span>
      <span className="file-upload__meta">
        {ext ? <span className="file-upload__ext">{ext.toUpperCase()}</span> : null}
        <span className="file-upload__size">{formatBytes(item.size)}</span>
      </span>
      {item.state === "uploading" && item.progress !== null ? (
        <progress className="file-upload__progress" max={1} value={item.progress} aria-label={`Загрузка ${item.name}`} />
      ) : null}
      {busy ? (
        <span className="file-upload__loader" role="status">
          <span className="file-upload__spinner" aria-hidden="true" />
          {item.state === "deleting" ? "Удаляем…" : "Загрузка…"}
        </span>
      ) : null}
      {serverMode ? (
        // without JavaScript the delete is a form post; with it, the same button calls the server in place
        <form
          className="file-upload__remove"
          method="post"
          action={deleteUrl}
          onSubmit={(e) => {
            e.preventDefault();
            if (item.state !== "deleting") onRemove();
          }}
        >
          {item.id ? <input type="hidden" name="id" value={item.id} /> : null}
          {removeButton}
        </form>
      ) : (
        // plain mode lives inside someone else's form: no nested form, just drop the item
        <span className="file-upload__remove">{removeButton}</span>
      )}
    </li>
  );
}
