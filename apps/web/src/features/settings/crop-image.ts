import { PICTURE_ERRORS } from "@taller/core";

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Largest side of the saved picture: avatars are shown small, and a phone photo cropped whole would be huge. */
const MAX_OUTPUT_PX = 1024;

/** Decodes an image from a URL (an object URL of the chosen file). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(PICTURE_ERRORS.load));
    image.src = src;
  });
}

/** The cropped square of the image as a PNG. */
export function cropToPng(image: HTMLImageElement, area: PixelArea): Promise<Blob> {
  const side = Math.min(MAX_OUTPUT_PX, Math.round(area.width));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("Crop image failed"));
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Crop image failed"))), "image/png"),
  );
}
