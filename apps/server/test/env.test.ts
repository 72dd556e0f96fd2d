import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";

describe("loadEnv: object storage", () => {
  it("keeps files on disk by default, and reads an S3 bucket's settings", () => {
    expect(loadEnv({}).FILES_S3_BUCKET).toBeUndefined();
    const env = loadEnv({
      FILES_S3_BUCKET: "taller-archivos",
      FILES_S3_ENDPOINT: "http://127.0.0.1:9000",
      FILES_S3_FORCE_PATH_STYLE: "true",
      FILES_S3_PREFIX: "taller/prod/",
    });
    expect(env).toMatchObject({
      FILES_S3_BUCKET: "taller-archivos",
      FILES_S3_REGION: "us-east-1",
      FILES_S3_FORCE_PATH_STYLE: true,
      FILES_S3_PREFIX: "taller/prod/",
    });
  });

  it("refuses half a key pair and a prefix that is not folders", () => {
    expect(() => loadEnv({ FILES_S3_BUCKET: "b-uno", FILES_S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      "FILES_S3_ACCESS_KEY_ID y FILES_S3_SECRET_ACCESS_KEY van juntos",
    );
    expect(() => loadEnv({ FILES_S3_PREFIX: "taller" })).toThrow("carpetas terminadas en /");
    expect(() => loadEnv({ FILES_S3_PREFIX: "../" })).toThrow("carpetas terminadas en /");
  });
});
