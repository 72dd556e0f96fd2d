import { CLIENT_HEADER, fileIdFromUrl, type UploadPurpose } from "@taller/core";

/**
 * Uploads a file to the server's store (POST /files, see apps/server/src/files) and answers its URL.
 *
 *   const url = await uploadFile(blob, "foto.png", "profile_picture"); // "/files/<id>", ready to save on a record
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

/** `purpose` names what the file will attach to; the server checks the user may change that. */
export async function uploadFile(file: Blob, name: string, purpose: UploadPurpose): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/files?purpose=${purpose}`, {
      method: "POST",
      body: file,
      headers: { "content-type": file.type, "x-file-name": encodeURIComponent(name), [CLIENT_HEADER]: "web" },
    });
  } catch (error) {
    throw new UploadError("upload", error instanceof Error ? error.message : "network error");
  }
  const body = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  if (!response.ok) throw new UploadError("upload", typeof body?.error === "string" ? body.error : `HTTP ${response.status}`);
  if (typeof body?.url !== "string") throw new UploadError("url", "the answer carries no URL");
  return body.url;
}

/** Uploads pictures one after the other, in order, answering their file ids (a chat message's, a budget's). */
export async function uploadPictures(files: readonly File[], purpose: UploadPurpose): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const id = fileIdFromUrl(await uploadFile(file, file.name, purpose));
    if (!id) throw new UploadError("url", "the store answered a URL without a file id");
    ids.push(id);
  }
  return ids;
}
