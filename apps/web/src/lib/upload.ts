import {
  CLIENT_HEADER,
  DATABASE_UPLOAD_PATH,
  fileIdFromUrl,
  type UploadedSheet,
  type UploadPurpose,
  XLSX_TYPE,
} from "@taller/core";

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
  const body = await post(`/files?purpose=${purpose}`, file, {
    "content-type": file.type,
    "x-file-name": encodeURIComponent(name),
  });
  if (typeof body.url !== "string") throw new UploadError("url", "the answer carries no URL");
  return body.url;
}

/** An operator's workbook (POST /files/databases): its upload key and every sheet's header row. */
export async function uploadWorkbook(file: Blob): Promise<{ upload: string; sheets: UploadedSheet[] }> {
  const body = await post(DATABASE_UPLOAD_PATH, file, { "content-type": XLSX_TYPE });
  if (typeof body.upload !== "string" || !Array.isArray(body.sheets))
    throw new UploadError("url", "the answer carries no upload");
  return { upload: body.upload, sheets: body.sheets as UploadedSheet[] };
}

async function post(url: string, file: Blob, headers: Record<string, string>): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: file, headers: { ...headers, [CLIENT_HEADER]: "web" } });
  } catch (error) {
    throw new UploadError("upload", error instanceof Error ? error.message : "network error");
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok)
    throw new UploadError("upload", typeof body?.error === "string" ? body.error : `HTTP ${response.status}`);
  return body ?? {};
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
