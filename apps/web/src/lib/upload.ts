/**
 * Uploads a file to the server's store (POST /files, see apps/server/src/files) and answers its URL.
 *
 *   const url = await uploadFile(blob, "foto.png"); // "/files/<id>", ready to save on a record
 *
 * Fails with an UploadError whose `stage` says whether the upload itself failed or its answer had no URL.
 */
export class UploadError extends Error {
  constructor(
    readonly stage: "upload" | "url",
    message: string,
  ) {
    super(message);
  }
}

export async function uploadFile(file: Blob, name: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/files", {
      method: "POST",
      body: file,
      headers: { "content-type": file.type, "x-file-name": encodeURIComponent(name) },
    });
  } catch (error) {
    throw new UploadError("upload", error instanceof Error ? error.message : "network error");
  }
  const body = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  if (!response.ok) throw new UploadError("upload", typeof body?.error === "string" ? body.error : `HTTP ${response.status}`);
  if (typeof body?.url !== "string") throw new UploadError("url", "the answer carries no URL");
  return body.url;
}
