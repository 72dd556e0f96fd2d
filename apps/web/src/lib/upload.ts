import {
  CLIENT_HEADER,
  DATABASE_UPLOAD_PATH,
  fileIdFromUrl,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_CHUNK_BYTES,
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

/** Where a resumable upload stands: its id once the server made it, so a retry resumes it. */
export interface ResumableUpload {
  id: string | null;
}

/**
 * Uploads a file in chunks through /files/uploads (apps/server/src/files/uploads.ts) and answers its URL:
 * `onProgress(sent, total)` as the bytes leave (an XMLHttpRequest: fetch reports none), `state.id` kept by the caller.
 * A dropped connection fails with an UploadError("upload"); called again with the same `state`, it asks the server
 * where that upload stands and sends only what did not arrive (the chunk that was in flight, at most
 * UPLOAD_CHUNK_BYTES), or answers the file when the last answer was what got lost.
 */
export async function uploadResumable(
  file: Blob,
  name: string,
  purpose: UploadPurpose,
  state: ResumableUpload,
  onProgress: (sent: number, total: number) => void,
): Promise<string> {
  let offset = 0;
  const known = state.id ? await send("GET", `${RESUMABLE_UPLOAD_PATH}/${state.id}`, null, {}) : null;
  if (known?.status === 200) {
    if (typeof known.body.url === "string") return known.body.url;
    offset = Number(known.body.offset);
  } else {
    // None yet, or gone (swept after a day, or refused): a new one.
    const created = await send("POST", `${RESUMABLE_UPLOAD_PATH}?purpose=${purpose}`, null, {
      "upload-length": String(file.size),
      "x-upload-type": file.type,
      "x-file-name": encodeURIComponent(name),
    });
    if (created.status !== 201 || typeof created.body.upload_id !== "string") throw failure(created);
    state.id = created.body.upload_id;
  }
  for (;;) {
    onProgress(offset, file.size);
    const chunk = file.slice(offset, offset + UPLOAD_CHUNK_BYTES);
    const start = offset;
    const answer = await send(
      "PATCH",
      `${RESUMABLE_UPLOAD_PATH}/${state.id}`,
      chunk,
      { "upload-offset": String(start), "content-type": "application/offset+octet-stream" },
      (loaded) => onProgress(start + loaded, file.size),
    );
    if (typeof answer.body.url === "string" && (answer.status === 201 || answer.status === 409)) return answer.body.url;
    // 409: the server holds another offset (a chunk that arrived though its answer did not): continue from there.
    if ((answer.status === 200 || answer.status === 409) && Number.isSafeInteger(answer.body.offset))
      offset = Number(answer.body.offset);
    else throw failure(answer);
  }
}

type Answer = { status: number; body: Record<string, unknown> };

function failure(answer: Answer): UploadError {
  return new UploadError("upload", typeof answer.body.error === "string" ? answer.body.error : `HTTP ${answer.status}`);
}

/** One request as an XMLHttpRequest, for its upload progress; a dropped connection rejects with an UploadError. */
function send(
  method: "GET" | "POST" | "PATCH",
  url: string,
  body: Blob | null,
  headers: Record<string, string>,
  onProgress?: (loaded: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [header, value] of Object.entries({ ...headers, [CLIENT_HEADER]: "web" }))
      xhr.setRequestHeader(header, value);
    xhr.responseType = "json";
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onerror = () => reject(new UploadError("upload", "Se perdió la conexión"));
    xhr.onabort = () => reject(new UploadError("upload", "Subida cancelada"));
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response as Record<string, unknown> | null) ?? {} });
    xhr.send(body);
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
