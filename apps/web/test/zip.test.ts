import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { buildZip, fetchImage, NoValidImagesError, type ZipProgress } from "../src/features/zip/build-zip";

const bytesOf = (n: number, size = 40_000) => new Uint8Array(size).fill(n);

describe("buildZip", () => {
  it("writes each readable image under its entry name, leaving out what could not be read", async () => {
    const store = new Map([
      ["/files/a", new Blob([bytesOf(1)])],
      ["/files/c", new Blob([bytesOf(3, 100)])],
    ]);
    const progress: ZipProgress[] = [];
    const blob = await buildZip(
      [
        { url: "/files/a", name: "Frontal.jpg" },
        { url: "/files/b", name: "Perdida.jpg" },
        { url: "/files/c", name: "Motor.jpg" },
      ],
      { fetchImage: (url) => Promise.resolve(store.get(url) ?? null), onProgress: (p) => progress.push(p) },
    );
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(["Frontal.jpg", "Motor.jpg"]);
    expect(await zip.file("Frontal.jpg")!.async("uint8array")).toEqual(bytesOf(1));
    expect(await zip.file("Motor.jpg")!.async("uint8array")).toEqual(bytesOf(3, 100));
    expect(progress.filter((p) => p.step === "download").map((p) => p.done)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toEqual({ step: "write", done: 2, total: 2 });
  });

  it("fails with the spec's reason when no image could be read", async () => {
    await expect(
      buildZip([{ url: "/files/x", name: "x.jpg" }], { fetchImage: () => Promise.resolve(null) }),
    ).rejects.toBeInstanceOf(NoValidImagesError);
    await expect(buildZip([])).rejects.toThrow("No se encontraron imagenes válidas");
  });

  it("hands jszip one picture's bytes at a time, as the one before it is being written", async () => {
    let reads = 0;
    let maxAhead = 0;
    const entries = Array.from({ length: 30 }, (_, i) => ({ url: `/files/${i}`, name: `Foto ${i + 1}.jpg` }));
    class CountingBlob extends Blob {
      override async arrayBuffer() {
        reads++;
        return super.arrayBuffer();
      }
    }
    let written = 0;
    const blob = await buildZip(entries, {
      fetchImage: (url) => Promise.resolve(new CountingBlob([bytesOf(Number(url.slice(7)), 20_000)])),
      onProgress: (p) => {
        if (p.step !== "write") return;
        written = p.done;
        maxAhead = Math.max(maxAhead, reads - written);
      },
    });
    expect(maxAhead).toBeLessThanOrEqual(2);
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    expect(Object.keys(zip.files)).toHaveLength(30);
    expect(await zip.file("Foto 30.jpg")!.async("uint8array")).toEqual(bytesOf(29, 20_000));
  });
});

describe("fetchImage", () => {
  const answer = (body: string, status: number, type: string) => () =>
    Promise.resolve(new Response(body, { status, headers: { "content-type": type } }));
  it("takes only successful image answers", async () => {
    expect(await fetchImage("/files/a", answer("jpeg", 200, "image/jpeg"))).toBeInstanceOf(Blob);
    expect(
      await fetchImage("/files/a", answer('{"error":"Archivo no encontrado"}', 404, "application/json")),
    ).toBeNull();
    expect(await fetchImage("/files/a", answer("<html>", 200, "text/html"))).toBeNull();
    expect(await fetchImage("/files/a", async () => Promise.reject(new TypeError("offline")))).toBeNull();
  });
});
