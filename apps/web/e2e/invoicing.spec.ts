/**
 * Facturación (issue 26 section 2): a finished order billed from its page, the draft completed and issued through
 * the company's provider (a local fake of its API, started here: accepting, rejecting, answering too late), the
 * credit note 'Anular' makes, a draft's lines edited, the PDF and the client's link, the list's day range in the URL,
 * and the list and a document at 390 px. The provider and the CAF ranges are the demo
 * company's; no other spec reads invoicing. Each test bills its own finished order.
 */
import { type APIRequestContext, type Page, expect as baseExpect, test } from "@playwright/test";
import { cafXml, startFakeDte, type FakeDte } from "@taller/invoicing/testing";
import { loginToShell, screenshot } from "./fixtures";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = "admin@taller.demo";
const headers = { "x-trpc-source": "web" };
let dte: FakeDte;

test.beforeAll(async () => {
  dte = await startFakeDte();
});
test.afterAll(async () => {
  await dte.close();
});

async function query<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await request.get(`/trpc/${path}${search}`, { headers });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The demo's finished orders (not cancelled), through the API the pages use. */
async function finishedOrders(page: Page): Promise<number[]> {
  const statuses = await query<{ order_statuses: { id: number; finish: boolean; cancel: boolean }[] }>(
    page.request,
    "orders.statuses",
  );
  const ids = statuses.order_statuses.filter((s) => s.finish && !s.cancel).map((s) => s.id);
  const list = await query<{ orders: { id: number; total: number }[] }>(page.request, "orders.list", {
    status_id: ids,
  });
  return list.orders.map((o) => o.id);
}

/** The provider pointed at the fake (through the API), and one CAF per type uploaded through the settings dialog. */
async function setUp(page: Page) {
  await loginToShell(page, ADMIN);
  const saved = await page.request.post("/trpc/invoicing.saveConfig", {
    headers,
    data: {
      json: {
        endpoint: dte.url,
        api_key: dte.apiKey,
        issuer_rut: "76.192.083-9",
        issuer_name: "Taller Demo SpA",
        issuer_activity: "Reparación de vehículos",
        issuer_address: "Los Carrera 100, Santiago",
      },
    },
  });
  expect(saved.ok()).toBe(true);
  await page.goto("/main/invoices");
  await expect(page.getByRole("heading", { level: 2, name: /^Facturación \(\d+\)$/ })).toBeVisible();
  const folios = await query<{ dte_type: number }[]>(page.request, "invoicing.folios");
  const missing = [33, 39, 61].filter((t) => !folios.some((f) => f.dte_type === t));
  if (!missing.length) return;
  await page.getByRole("button", { name: "Configuración de facturación" }).click();
  const dialog = page.getByRole("dialog", { name: "Configuración de facturación" });
  for (const type of missing) {
    await dialog.getByTestId("caf-input").setInputFiles({
      name: `caf-${type}.xml`,
      mimeType: "text/xml",
      buffer: Buffer.from(cafXml(type, 1, 500)),
    });
    await expect(dialog.getByRole("listitem").filter({ hasText: "(1–500)" })).toHaveCount(
      3 - missing.length + missing.indexOf(type) + 1,
    );
  }
  await page.keyboard.press("Escape");
}

/** 'Facturar' on the order's page: a draft of that type, opened on its page. */
async function bill(page: Page, orderId: number, type: "Factura" | "Boleta") {
  await page.goto(`/main/orders/${orderId}`);
  await page.getByRole("button", { name: "Facturar" }).click();
  const dialog = page.getByRole("dialog", { name: "Facturar" });
  await dialog.getByLabel("Tipo de documento").click();
  await page.getByRole("option", { name: type === "Factura" ? "Factura" : "Boleta", exact: true }).click();
  await dialog.getByRole("button", { name: "Crear borrador" }).click();
  await expect(page).toHaveURL(/\/main\/invoices\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: `${type} (borrador)` })).toBeVisible();
}

/** The folio the boleta on the page holds (taken when it was first sent, kept whatever the provider answered). */
async function boletaFolio(page: Page): Promise<string | undefined> {
  return /N° (\d+)/.exec(
    (await page.getByRole("heading", { level: 2, name: /^Boleta N° \d+/ }).textContent()) ?? "",
  )?.[1];
}

/** 'Reintentar' with the provider accepting again: the same folio comes back issued. */
async function retryIssues(page: Page, folio: string | undefined) {
  dte.mode = "accept";
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Emitido con folio ${folio}` })
      .first(),
  ).toBeVisible();
}

test("bill a finished order: the factura's receiver, issued with a folio, then voided by a credit note", async ({
  page,
}) => {
  await setUp(page);
  const [orderId] = await finishedOrders(page);
  await bill(page, orderId!, "Factura");
  // A draft's lines are edited until it is sent.
  await page.getByRole("button", { name: "Editar líneas" }).click();
  await page.getByRole("button", { name: "Agregar línea" }).click();
  const added = page.getByRole("group", { name: /^Línea \d+$/ }).last();
  await added.getByLabel("Descripción").fill("Revisión extra");
  await added.getByLabel("Precio unitario (IVA incluido)").fill("11900");
  await page.getByRole("button", { name: "Guardar líneas" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Líneas guardadas" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Revisión extra" })).toBeVisible();
  // A factura asks for its receiver before it is sent.
  await page.getByLabel("RUT").fill("76.086.428-5");
  await page.getByLabel("Razón social").fill("Transportes Andes SpA");
  await page.getByLabel("Giro").fill("Transporte de carga");
  await page.getByLabel("Dirección").fill("Av. Matta 123, Santiago");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Documento guardado" })).toBeVisible();
  dte.mode = "accept";
  await page.getByRole("button", { name: "Emitir" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Emitido con folio \d+$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Factura N° \d+$/ })).toBeVisible();
  await expect(page.getByText("Emitido", { exact: true }).first()).toBeVisible();
  await screenshot(page, "invoice-issued");
  // The PDF in the SII's layout, and the client's link 'Enviar por correo' puts in the e-mail.
  const pdfHref = await page.getByRole("link", { name: "Descargar PDF" }).getAttribute("href");
  const pdf = await page.request.get(pdfHref ?? "");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await page.getByRole("button", { name: "Enviar por correo" }).click();
  const shared = page.getByRole("status").filter({ hasText: "Enlace para el cliente, válido hasta el" });
  const token = /token=([\w-]+)/.exec((await shared.textContent()) ?? "")?.[1];
  const opened = await page.request.get(`/client/invoice?token=${token}`);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  expect((await page.request.get(`/client/invoice?token=${token}x`)).status()).toBe(404);

  await page.getByRole("button", { name: "Anular" }).click();
  const confirm = page.getByRole("dialog", { name: "Anular documento" });
  await confirm.getByRole("button", { name: "Emitir nota de crédito" }).click();
  // The page's line: if the provider did not accept the note, a failure shows what it said instead.
  await expect(page.locator(".invoice-message:not(.invoice-share)")).toHaveText(
    /^Nota de crédito emitida con folio \d+$/,
  );
  await expect(page.getByText("Anulado por")).toBeVisible();
  await page.getByRole("link", { name: /^Nota de crédito N° \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Nota de crédito N° \d+$/ })).toBeVisible();
  await expect(page.getByText("Anula", { exact: true })).toBeVisible();
});

test("a boleta rejected by the SII keeps its folio and reason, and is sent again", async ({ page }) => {
  await setUp(page);
  const orders = await finishedOrders(page);
  await bill(page, orders[1]!, "Boleta");
  dte.mode = "reject";
  await page.getByRole("button", { name: "Emitir" }).click();
  await expect(page.getByRole("status").filter({ hasText: "El SII rechazó el documento" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Rechazado: RUT receptor no válido en el SII" }),
  ).toBeVisible();
  const folio = await boletaFolio(page);
  expect(folio).toBeDefined();
  await retryIssues(page, folio);
  await expect(page.getByRole("heading", { level: 2, name: `Boleta N° ${folio}` })).toBeVisible();
});

test("a boleta the provider does not answer in time stays 'Enviando'; its retry issues it once, same folio", async ({
  page,
}) => {
  await setUp(page);
  const orders = await finishedOrders(page);
  await bill(page, orders[2]!, "Boleta");
  // The provider issues it but answers after the server stops waiting (DTE_TIMEOUT_MS, e2e/server.ts).
  dte.mode = "timeout";
  dte.delayMs = 30_000;
  await page.getByRole("button", { name: "Emitir" }).click();
  await expect(page.getByRole("status").filter({ hasText: "no respondió a tiempo" })).toBeVisible();
  const folio = await boletaFolio(page);
  expect(folio).toBeDefined();
  await expect(page.getByText("Enviando", { exact: true }).first()).toBeVisible();
  await retryIssues(page, folio);
  expect(dte.issued.get(`39:${folio}`)).toBe(1);
});

test("the list and a document at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginToShell(page, ADMIN, "/main/invoices");
  await expect(page.getByRole("heading", { level: 2, name: /^Facturación \(\d+\)$/ })).toBeVisible();
  const first = page.locator(".invoice-card").first();
  await expect(first).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "invoices-390");
  // The day range lives in the URL: a range with no document shows none.
  await page.goto("/main/invoices?from=2000-01-01&to=2000-01-31");
  await expect(page.getByLabel("Desde")).toHaveValue("01-01-2000");
  await expect(page.getByText("No se han encontrado documentos")).toBeVisible();
  await page.goto("/main/invoices");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar" }).click();
  expect((await download).suggestedFilename()).toMatch(/^Facturación .*\.xlsx$/);
  await expect(page.getByText(/^Se exportaron \d+ documentos$/)).toBeVisible();
  await first.click();
  await expect(page.getByRole("heading", { level: 2, name: /^(Factura|Boleta|Nota de crédito)/ })).toBeVisible();
  await expect(page.getByText("IVA 19 %")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "invoice-390");
});
