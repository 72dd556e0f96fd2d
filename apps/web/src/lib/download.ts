/**
 * Saves a file the server sent in an answer (exports come back base64-encoded) under the server's file name.
 *
 *   downloadBase64({ filename: "Órdenes de Trabajo 21-11-2026 14-30.xlsx", content_type, base64 });
 */
export function downloadBase64(file: { filename: string; content_type: string; base64: string }) {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type: file.content_type }), file.filename);
}

/** Saves a file made in the page (the zip page's archive) under `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the data once the click is handled; a tick later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
