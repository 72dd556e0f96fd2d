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

/**
 * `uploadFile` with its progress: `onProgress(sent, total)` as the bytes leave (fetch reports none, so this one is an
 * XMLHttpRequest). `signal` aborts it. A dropped connection fails with an UploadError("upload") that the caller may
 * retry; the store keeps only whole files, so a retry sends the file again from its start.
 */
export function uploadFileWithProgress(
  file: Blob,
  name: string,
  purpose: UploadPurpose,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/files?purpose=${purpose}`);
    xhr.setRequestHeader("content-type", file.type);
    xhr.setRequestHeader("x-file-name", encodeURIComponent(name));
    xhr.setRequestHeader(CLIENT_HEADER, "web");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new UploadError("upload", "Se perdió la conexión"));
    xhr.onabort = () => reject(new UploadError("upload", "Subida cancelada"));
    xhr.onload = () => {
      const body = xhr.response as Record<string, unknown> | null;
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new UploadError("upload", typeof body?.error === "string" ? body.error : `HTTP ${xhr.status}`));
      if (typeof body?.url !== "string") return reject(new UploadError("url", "the answer carries no URL"));
      resolve(body.url);
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
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
