/**
 * The reception's pictures and videos, from the tablet's camera or from files: each one uploads as soon as it is
 * chosen, one at a time, with its progress. A dropped connection leaves the file marked 'No se subió' with
 * 'Reintentar'; when the browser is back online the failed ones are sent again by themselves. What was uploaded
 * stays uploaded, and each file goes in chunks the server keeps, so a retry sends only what did not arrive: the
 * files not sent yet, and of the interrupted one the chunk that was in flight (uploadResumable).
 *
 *   const media = useMediaUploads();
 *   <MediaUploads media={media} />   // media.pictures: what orders.receive attaches; media.pending: still uploading
 */
import { fileIdFromUrl, isVideoType, mediaFileProblem } from "@taller/core";
import { Camera, ImagePlus, RotateCw, X } from "lucide-react";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { type ResumableUpload, uploadResumable } from "../../lib/upload";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";

interface Upload {
  key: number;
  file: File;
  preview: string;
  state: "waiting" | "uploading" | "done" | "failed";
  sent: number;
  url: string | null;
  error: string | null;
  /** The server's upload, kept across retries so one resumes where the connection dropped. */
  resumable: ResumableUpload;
}

export function useMediaUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(0);
  const running = useRef(false);
  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  // One upload at a time: on a tablet's connection, parallel uploads only make each one slower.
  useEffect(() => {
    if (running.current) return;
    const waiting = uploads.find((u) => u.state === "waiting");
    if (!waiting) return;
    running.current = true;
    patch(waiting.key, { state: "uploading", error: null });
    uploadResumable(waiting.file, waiting.file.name, "order_picture", waiting.resumable, (sent) =>
      patch(waiting.key, { sent }),
    )
      .then((url) => patch(waiting.key, { state: "done", url, sent: waiting.file.size }))
      .catch((error: unknown) =>
        patch(waiting.key, { state: "failed", error: error instanceof Error ? error.message : "Error al subir" }),
      )
      .finally(() => {
        running.current = false;
        // Wake the effect for the next one.
        setUploads((all) => [...all]);
      });
  }, [uploads]);

  const retryFailed = useCallback(
    () => setUploads((all) => all.map((u) => (u.state === "failed" ? { ...u, state: "waiting" } : u))),
    [],
  );
  // Back online: what failed goes again.
  useEffect(() => {
    window.addEventListener("online", retryFailed);
    return () => window.removeEventListener("online", retryFailed);
  }, [retryFailed]);

  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    setUploads((all) => [
      ...all,
      ...chosen.map((file) => {
        const problem = mediaFileProblem(file);
        return {
          key: next.current++,
          file,
          preview: URL.createObjectURL(file),
          state: problem ? ("failed" as const) : ("waiting" as const),
          sent: 0,
          url: null,
          error: problem,
          resumable: { id: null },
        };
      }),
    ]);
  };
  const remove = (key: number) =>
    setUploads((all) => {
      const gone = all.find((u) => u.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return all.filter((u) => u.key !== key);
    });
  const retry = (key: number) => patch(key, { state: "waiting" });

  const pictures = uploads.flatMap((u) =>
    u.state === "done" && u.url && fileIdFromUrl(u.url) ? [{ url: u.url, name: u.file.name }] : [],
  );
  const pending = uploads.filter((u) => u.state === "waiting" || u.state === "uploading").length;
  const failed = uploads.filter((u) => u.state === "failed").length;
  return { uploads, add, remove, retry, pictures, pending, failed };
}

export type MediaUploadsState = ReturnType<typeof useMediaUploads>;

const percent = (u: Upload) => (u.file.size > 0 ? Math.min(100, Math.round((u.sent / u.file.size) * 100)) : 100);

function UploadTile({ upload, media }: { upload: Upload; media: MediaUploadsState }) {
  const status =
    upload.state === "done"
      ? "Subida"
      : upload.state === "failed"
        ? `No se subió: ${upload.error ?? "error"}`
        : upload.state === "uploading"
          ? `Subiendo ${percent(upload)}%`
          : "En espera";
  return (
    <li className={`reception-upload reception-upload-${upload.state}`}>
      {isVideoType(upload.file.type) ? (
        <video src={upload.preview} muted playsInline aria-label={upload.file.name} />
      ) : (
        <img src={upload.preview} alt={upload.file.name} />
      )}
      <div className="reception-upload-body">
        <span className="reception-upload-name">{upload.file.name}</span>
        <progress max={100} value={upload.state === "done" ? 100 : percent(upload)} aria-label={status} />
        <span className="reception-upload-status" role={upload.state === "failed" ? "alert" : undefined}>
          {status}
        </span>
      </div>
      {upload.state === "failed" && !mediaFileProblem(upload.file) && (
        <IconButton label="Reintentar" onClick={() => media.retry(upload.key)}>
          <RotateCw size={18} />
        </IconButton>
      )}
      <IconButton label="Quitar" onClick={() => media.remove(upload.key)} disabled={upload.state === "uploading"}>
        <X size={18} />
      </IconButton>
    </li>
  );
}

export function MediaUploads({ media }: { media: MediaUploadsState }) {
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    media.add(e.target.files);
    e.target.value = "";
  };
  return (
    <div className="reception-media">
      <div className="reception-media-actions">
        <Button variant="secondary" icon={<Camera size={18} />} onClick={() => camera.current?.click()}>
          Cámara
        </Button>
        <Button variant="secondary" icon={<ImagePlus size={18} />} onClick={() => files.current?.click()}>
          Elegir archivos
        </Button>
        {/* The camera on a tablet or phone; on a computer both open the file chooser. */}
        <input ref={camera} type="file" accept="image/*,video/*" capture="environment" hidden onChange={choose} />
        <input
          ref={files}
          type="file"
          accept="image/*,video/*"
          multiple
          hidden
          onChange={choose}
          data-testid="reception-files"
        />
      </div>
      {media.uploads.length > 0 && (
        <ul className="stack-list">
          {media.uploads.map((u) => (
            <UploadTile key={u.key} upload={u} media={media} />
          ))}
        </ul>
      )}
    </div>
  );
}
