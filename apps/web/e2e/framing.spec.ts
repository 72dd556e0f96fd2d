import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { screenshot } from "./fixtures";

const REJECTED = "No se puede mostrar el contenido de esta página en un iframe.";

// A site on another origin (another port) that puts the app in an iframe.
let site: Server;
let siteUrl: string;
test.beforeAll(async ({ baseURL }) => {
  site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Otro sitio</title><h1>Otro sitio</h1><iframe src="${baseURL}/login" width="600" height="500"></iframe>`,
    );
  });
  await new Promise<void>((ok) => site.listen(0, "127.0.0.1", () => ok()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((ok) => site.close(() => ok())));

test("every HTML response allows framing by the app's own origin only", async ({ request }) => {
  for (const path of ["/login", "/main/orders", "/client/booking?crm_token=unknown"]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"], path).toBe("frame-ancestors 'self'");
  }
});

test("a page framed by another origin shows why, not the browser's error", async ({ page }) => {
  await page.goto(siteUrl);
  const framed = page.frameLocator("iframe");
  await expect(framed.getByRole("heading", { name: REJECTED })).toBeVisible();
  expect(page.frames()[1]!.url()).not.toMatch(/^chrome-error:/);
  await expect(framed.getByRole("heading", { name: "Iniciar sesión" })).toHaveCount(0);
  await screenshot(page, "framed-by-other-origin");
});

test("without the header (e.g. dropped by a proxy) the app itself goes to iframe-rejected", async ({
  page,
  baseURL,
}) => {
  await page.route(`${baseURL}/**`, async (route) => {
    // A browser that does not say it is a frame (no Sec-Fetch-*), behind a proxy that drops the CSP header.
    const headers = Object.fromEntries(
      Object.entries(route.request().headers()).filter(([k]) => !k.startsWith("sec-fetch-")),
    );
    const response = await route.fetch({ headers });
    const answer = { ...response.headers() };
    delete answer["content-security-policy"];
    await route.fulfill({ response, headers: answer });
  });
  await page.goto(siteUrl);
  const framed = page.frameLocator("iframe");
  await expect(framed.getByRole("heading", { name: REJECTED })).toBeVisible();
  expect(page.frames()[1]!.url()).toMatch(/\/iframe-rejected$/);
  await screenshot(page, "iframe-rejected");
});

test("a page of the app's own origin may frame it", async ({ page, baseURL }) => {
  // A page served as if from the app's origin.
  await page.route(`${baseURL}/host-page`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><iframe src="${baseURL}/login" width="600" height="500"></iframe>`,
    }),
  );
  await page.goto(`${baseURL}/host-page`);
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
});
