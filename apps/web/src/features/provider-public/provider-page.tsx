/**
 * The supplier's pages, without login (seed 000 sections 2.11, 4, 5 and 8): provider/pricing and provider/buy-order,
 * opened with the access_token of one pricing or buy order. Nothing is asked of the server without the token.
 */
import { formatDate, formatDay, formatMoney, PROVIDER_TEXTS, type ProviderKind } from "@taller/core";
import { useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { errorCode } from "../../lib/api";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { PageLoader } from "../../ui/spinner";
import { ProviderForm } from "./provider-form";
import "./provider-public.css";

export function ProviderPricingPage() {
  const { access_token } = useSearch({ from: "/provider/pricing" });
  return (
    <ApiProvider>
      <ProviderPage kind="pricing" token={access_token ?? null} />
    </ApiProvider>
  );
}

export function ProviderBuyOrderPage() {
  const { access_token } = useSearch({ from: "/provider/buy-order" });
  return (
    <ApiProvider>
      <ProviderPage kind="buy_order" token={access_token ?? null} />
    </ApiProvider>
  );
}

/** A link that opens nothing: not found, expired, revoked, or a link to the other page. */
const LINK_REFUSED = new Set(["UNAUTHORIZED", "NOT_FOUND", "BAD_REQUEST"]);

function ProviderPage({ kind, token }: { kind: ProviderKind; token: string | null }) {
  const options = { enabled: token !== null, retry: false, refetchOnWindowFocus: false } as const;
  const pricing = trpc.provider.public.getPricing.useQuery(
    { token: token ?? "" },
    { ...options, enabled: options.enabled && kind === "pricing" },
  );
  const buyOrder = trpc.provider.public.getBuyOrder.useQuery(
    { token: token ?? "" },
    { ...options, enabled: options.enabled && kind === "buy_order" },
  );
  const data = kind === "pricing" ? pricing : buyOrder;
  if (token === null || (data.error && LINK_REFUSED.has(errorCode(data.error) ?? ""))) {
    return (
      <Shell>
        <Notice title="Este enlace no es válido">
          {token === null
            ? "Abre el enlace que te envió el taller."
            : "El enlace no existe, expiró o fue revocado. Pide al taller un nuevo enlace."}
        </Notice>
      </Shell>
    );
  }
  if (data.isPending) return <PageLoader label="Cargando…" />;
  if (data.isError) {
    return (
      <Shell>
        <Notice title="No pudimos cargar el documento">
          <p>
            {errorCode(data.error) === null
              ? "Revisa tu conexión a internet e intenta nuevamente."
              : data.error.message}
          </p>
          <Button onClick={() => void data.refetch()}>Reintentar</Button>
        </Notice>
      </Shell>
    );
  }
  const page = data.data;
  const action = page.inventory_action;
  return (
    <Shell>
      <header className="provider-header">
        {page.company.logo && <img className="provider-logo" src={page.company.logo} alt="" />}
        <h1>
          {kind === "pricing"
            ? PROVIDER_TEXTS.pricingTitle(action.correlative_id)
            : PROVIDER_TEXTS.buyOrderTitle(action.correlative_id)}
        </h1>
        <div className="provider-created">{formatDate(action.created_at)}</div>
        <div className="provider-company">{page.company.name}</div>
        {page.requester && (
          <dl className="provider-requester">
            <div>
              <dt>Solicitado por</dt>
              <dd>{page.requester.name}</dd>
            </div>
            {page.requester.mail && (
              <div>
                <dt>Correo</dt>
                <dd>
                  <a href={`mailto:${page.requester.mail}`}>{page.requester.mail}</a>
                </dd>
              </div>
            )}
            {page.requester.phone && (
              <div>
                <dt>Teléfono</dt>
                <dd>
                  <a href={`tel:${page.requester.phone}`}>{page.requester.phone}</a>
                </dd>
              </div>
            )}
          </dl>
        )}
        {action.extra_params.required_delivery_date && (
          <div className="provider-required-date">
            <span>{PROVIDER_TEXTS.requiredDate}</span>{" "}
            <strong>{formatDay(action.extra_params.required_delivery_date)}</strong>
          </div>
        )}
      </header>
      <ProviderForm kind={kind} token={token} page={page} onChanged={() => void data.refetch()} />
      {kind === "buy_order" && <BuyOrderLines lines={action.inventory_action_products} />}
    </Shell>
  );
}

function BuyOrderLines({
  lines,
}: {
  lines: { id: number; product: { code: string; name: string }; quantity: number; price: number | null }[];
}) {
  const total = lines.reduce((sum, l) => sum + l.quantity * (l.price ?? 0), 0);
  return (
    <section className="provider-card" aria-label="Productos">
      <h2>Productos</h2>
      <ul className="provider-lines">
        {lines.map((l) => (
          <li key={l.id}>
            <span className="provider-line-name">
              {l.product.name} <small>{l.product.code}</small>
            </span>
            <span>
              {l.quantity} x {formatMoney(l.price ?? 0)}
            </span>
            <strong>{formatMoney(l.quantity * (l.price ?? 0))}</strong>
          </li>
        ))}
      </ul>
      <div className="provider-total">
        Total <strong>{formatMoney(total)}</strong>
      </div>
    </section>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="provider-public">
      <main>{children}</main>
      <footer className="provider-footer">Powered by Taller</footer>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="provider-card provider-notice">
      <h1>{title}</h1>
      {typeof children === "string" ? <p>{children}</p> : children}
    </section>
  );
}
