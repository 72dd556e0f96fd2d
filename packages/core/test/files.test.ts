import { describe, expect, it } from "vitest";
import {
  cropBytesProblem,
  fileIdFromUrl,
  fileUrl,
  isImageType,
  pictureFileProblem,
  pictureSizeProblem,
} from "../src/index";

const ID = "abcdefghijklmnopqrstuv_-";

describe("file URLs", () => {
  it("round-trips an id through its URL", () => {
    expect(fileIdFromUrl(fileUrl(ID))).toBe(ID);
  });

  it("rejects URLs that are not ours or carry a malformed id", () => {
    expect(fileIdFromUrl(`https://evil.example/files/${ID}`)).toBeNull();
    expect(fileIdFromUrl("/files/../etc/passwd")).toBeNull();
    expect(fileIdFromUrl(`/files/${ID}x`)).toBeNull();
    expect(fileIdFromUrl(`/files/${ID}?x=1`)).toBeNull();
    expect(fileIdFromUrl("")).toBeNull();
  });
});

describe("picture rules", () => {
  it("accepts png, jpeg, webp and both ico types", () => {
    for (const type of [
      "image/png",
      "image/jpeg",
      "image/webp",
      "image/x-icon",
      "image/vnd.microsoft.icon",
      "IMAGE/PNG",
    ]) {
      expect(isImageType(type)).toBe(true);
      expect(pictureFileProblem({ type, name: "x" })).toBeNull();
    }
  });

  it("rejects other types with 'Formato no aceptado'", () => {
    expect(pictureFileProblem({ type: "image/gif", name: "a.gif" })).toBe("Formato no aceptado");
    expect(pictureFileProblem({ type: "image/svg+xml", name: "a.svg" })).toBe("Formato no aceptado");
    expect(pictureFileProblem({ type: "", name: "a.txt" })).toBe("Formato no aceptado");
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(pictureFileProblem({ type: "", name: "favicon.ICO" })).toBeNull();
    expect(pictureFileProblem({ type: "", name: "foto.jpg" })).toBeNull();
  });

  it("needs at least 100x100 px", () => {
    expect(pictureSizeProblem(100, 100)).toBeNull();
    expect(pictureSizeProblem(99, 500)).toBe("La foto debe de tener al menos 100px * 100px");
    expect(pictureSizeProblem(500, 99)).toBe("La foto debe de tener al menos 100px * 100px");
  });

  it("caps the crop at 20,000,000 bytes", () => {
    expect(cropBytesProblem(20_000_000)).toBeNull();
    expect(cropBytesProblem(20_000_001)).toBe("El tamaño del recorte es muy pesado");
  });
});
