import {
  cropBytesProblem,
  MIN_PICTURE_PX,
  PICTURE_ACCEPT,
  PICTURE_ERRORS,
  pictureFileProblem,
  pictureSizeProblem,
} from "@taller/core";
import { ImageUp } from "lucide-react";
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import Cropper from "react-easy-crop";
import { trpc } from "../../lib/trpc";
import { uploadFile, UploadError } from "../../lib/upload";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { useOutcome } from "../../ui/snackbar";
import { cropToPng, loadImage, type PixelArea } from "./crop-image";
import { useMergeProfile } from "./profile-cache";

interface Chosen {
  src: string;
  name: string;
  image: HTMLImageElement;
}

/**
 * 'Cambiar Imagen de Perfil' (seed 000 section 2.7): choose a photo, crop a square of at least 100x100 px, and save:
 * the crop is uploaded as a PNG to the file store and its URL saved as the user's picture. Closing answers the new
 * URL, or nothing when cancelled.
 */
export function PictureDialog({ open, onClose }: { open: boolean; onClose(url?: string): void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Spec: digit keys 1-9 set how far an arrow key moves the crop.
  const [keyboardStep, setKeyboardStep] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const update = trpc.account.update.useMutation();
  const mergeProfile = useMergeProfile();
  const outcome = useOutcome();

  // Every opening starts clean; the previous photo's object URL is released.
  useEffect(() => {
    if (open) return;
    setChosen((c) => {
      if (c) URL.revokeObjectURL(c.src);
      return null;
    });
    setArea(null);
    setError(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  }, [open]);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setArea(null);
    const problem = pictureFileProblem(file);
    if (problem) return setError(problem);
    const src = URL.createObjectURL(file);
    try {
      const image = await loadImage(src);
      const tooSmall = pictureSizeProblem(image.naturalWidth, image.naturalHeight);
      if (tooSmall) {
        URL.revokeObjectURL(src);
        return setError(tooSmall);
      }
      if (chosen) URL.revokeObjectURL(chosen.src);
      setChosen({ src, name: file.name, image });
      setZoom(1);
      setCrop({ x: 0, y: 0 });
      setError(null);
    } catch {
      URL.revokeObjectURL(src);
      setError(PICTURE_ERRORS.load);
    }
  }

  async function save() {
    if (!chosen || !area) return;
    setLoading(true);
    setError(null);
    try {
      const png = await cropToPng(chosen.image, area).catch(() => {
        throw new Error("Crop image failed");
      });
      const tooHeavy = cropBytesProblem(png.size);
      if (tooHeavy) throw new Error(tooHeavy);
      const url = await uploadFile(png, `${chosen.name.replace(/\.[^.]*$/, "")}.png`, "profile_picture").catch(
        (e: unknown) => {
          console.error("picture upload failed", e);
          throw new Error(e instanceof UploadError && e.stage === "url" ? PICTURE_ERRORS.url : PICTURE_ERRORS.upload);
        },
      );
      const profile = await update.mutateAsync({ picture: url }).catch((e: unknown) => {
        console.error("account.update picture failed", e);
        throw new Error(PICTURE_ERRORS.update);
      });
      mergeProfile(profile);
      outcome.done("Imagen de perfil actualizada");
      onClose(url);
    } catch (e) {
      setError(e instanceof Error ? e.message : PICTURE_ERRORS.upload);
    } finally {
      setLoading(false);
    }
  }

  function stepKeys(e: KeyboardEvent) {
    if (/^[1-9]$/.test(e.key)) setKeyboardStep(Number(e.key));
  }

  // Zooming in shrinks the crop; it may not go under 100 px of the original.
  // Why 'Guardar' cannot be pressed yet: no photo, the cropper still measuring, or a problem shown above.
  const saveBlocked = !chosen
    ? "Selecciona una foto"
    : error
      ? "Elige otra foto"
      : !area
        ? "Ajustando el recorte…"
        : null;
  const maxZoom = chosen
    ? Math.max(1, Math.min(chosen.image.naturalWidth, chosen.image.naturalHeight) / MIN_PICTURE_PX)
    : 1;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !loading && onClose()}
      title="Cambiar Imagen de Perfil"
      width={560}
      actions={
        <>
          <Button variant="text" onClick={() => onClose()} disabled={loading}>
            Cancelar
          </Button>
          <Button onClick={save} loading={loading} disabledReason={saveBlocked}>
            Guardar
          </Button>
        </>
      }
    >
      <input ref={input} type="file" accept={PICTURE_ACCEPT} onChange={choose} hidden data-testid="picture-input" />
      <Button
        variant="secondary"
        icon={<ImageUp size={18} />}
        onClick={() => input.current?.click()}
        disabled={loading}
      >
        Seleccionar foto
      </Button>
      {chosen && (
        <>
          <div className="picture-cropper" onKeyDown={stepKeys}>
            <Cropper
              image={chosen.src}
              crop={crop}
              zoom={zoom}
              maxZoom={maxZoom}
              aspect={1}
              keyboardStep={keyboardStep}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <label className="picture-zoom">
            <span>Zoom</span>
            <input
              type="range"
              min={1}
              max={maxZoom}
              step={0.01}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </label>
        </>
      )}
      {error && (
        <p className="picture-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
