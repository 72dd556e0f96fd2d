// The real adapter: Gupshup's partner API (https://partner.gupshup.io). A partner token (GUPSHUP_PARTNER_TOKEN) lists
// the partner's apps and obtains each app's access token (GET /partner/app/{appId}/token, cached until it fails);
// the app token submits and lists templates, reads the app's WhatsApp business account (waba/info) and display name,
// and sends messages in Meta's Cloud API shape (POST /partner/app/{appId}/v3/message). Every call has a 10 s timeout
// and no redirects; a non-2xx or an answer off its schema is an error naming the call, never the token.
import { trimEndOf, type TemplateStatus } from "@taller/core";
import { z } from "zod";
import type { OutboundMessage, ProviderTemplateStatus, TemplateSubmission, WhatsappAdapter } from "./adapter";

export interface GupshupOptions {
  baseUrl: string;
  partnerToken: string;
  fetch?: typeof fetch;
}

const appsAnswer = z.object({
  partnerAppsList: z.array(z.object({ id: z.string(), name: z.string(), live: z.boolean().optional() })),
});
const tokenAnswer = z.object({ token: z.object({ token: z.string().min(1) }) });
const wabaAnswer = z.object({ wabaInfo: z.object({ wabaId: z.string(), phone: z.string().optional() }) });
const displayNameAnswer = z.object({ displayNameInfo: z.object({ verifiedName: z.string().optional() }).optional() });
const templateAnswer = z.object({ template: z.object({ id: z.string(), status: z.string() }) });
const templatesAnswer = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      reason: z.string().nullish(),
      rejectedReason: z.string().nullish(),
      pausedUntil: z.number().nullish(),
    }),
  ),
});
const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });

/** Gupshup's template states as ours; unknown ones (PENDING, IN_APPEAL…) count as under review. */
export function gupshupTemplateStatus(raw: string): TemplateStatus {
  switch (raw.toUpperCase()) {
    case "APPROVED":
      return "approved";
    case "REJECTED":
    case "FAILED":
      return "rejected";
    case "PAUSED":
      return "paused";
    case "DISABLED":
    case "DELETED":
      return "disabled";
    default:
      return "submitted";
  }
}

export class GupshupError extends Error {}

export function gupshupAdapter(options: GupshupOptions): WhatsappAdapter {
  const doFetch = options.fetch ?? fetch;
  const base = trimEndOf(options.baseUrl, "/");
  const appTokens = new Map<string, string>();

  async function call<T>(
    what: string,
    path: string,
    token: string,
    schema: z.ZodType<T>,
    init: RequestInit = {},
  ): Promise<T> {
    const res = await doFetch(`${base}${path}`, {
      ...init,
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
      headers: {
        accept: "application/json",
        authorization: token,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    if (!res.ok) throw new GupshupError(`Gupshup ${what}: HTTP ${res.status}`);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new GupshupError(`Gupshup ${what}: unexpected answer`);
    return parsed.data;
  }

  async function appToken(appId: string): Promise<string> {
    const cached = appTokens.get(appId);
    if (cached) return cached;
    const answer = await call(
      "app token",
      `/partner/app/${encodeURIComponent(appId)}/token`,
      options.partnerToken,
      tokenAnswer,
    );
    appTokens.set(appId, answer.token.token);
    return answer.token.token;
  }

  /** An app call; a 401 drops the cached app token and tries once more with a fresh one. */
  async function appCall<T>(
    what: string,
    appId: string,
    path: string,
    schema: z.ZodType<T>,
    init?: RequestInit,
  ): Promise<T> {
    const url = `/partner/app/${encodeURIComponent(appId)}${path}`;
    try {
      return await call(what, url, await appToken(appId), schema, init);
    } catch (err) {
      if (!(err instanceof GupshupError) || !err.message.endsWith("HTTP 401")) throw err;
      appTokens.delete(appId);
      return call(what, url, await appToken(appId), schema, init);
    }
  }

  const form = (values: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  });

  function messageBody(m: OutboundMessage) {
    if (m.kind === "text")
      return {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: m.to,
        type: "text",
        text: { body: m.body },
        ...(m.replyTo ? { context: { message_id: m.replyTo } } : {}),
      };
    return {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: m.to,
      type: "template",
      template: {
        id: m.templateId,
        components: m.variables.length
          ? [{ type: "body", parameters: m.variables.map((text) => ({ type: "text", text })) }]
          : [],
      },
    };
  }

  return {
    name: "gupshup",
    async listApps() {
      const answer = await call("apps", "/partner/account/api/partnerApps", options.partnerToken, appsAnswer);
      return answer.partnerAppsList.map((a) => ({ id: a.id, name: a.name, live: a.live ?? false }));
    },
    async listAccounts(appId) {
      const { wabaInfo } = await appCall("waba info", appId, "/waba/info", wabaAnswer);
      return [{ id: wabaInfo.wabaId, name: wabaInfo.wabaId }];
    },
    async listPhones(appId, accountId) {
      const { wabaInfo } = await appCall("waba info", appId, "/waba/info", wabaAnswer);
      if (wabaInfo.wabaId !== accountId || !wabaInfo.phone) return [];
      const name = await appCall("display name", appId, "/profile/displayName", displayNameAnswer);
      return [
        {
          id: wabaInfo.phone,
          verified_name: name.displayNameInfo?.verifiedName ?? "",
          display_number: `+${wabaInfo.phone}`,
        },
      ];
    },
    async submitTemplate(appId, t: TemplateSubmission) {
      const answer = await appCall(
        "template submission",
        appId,
        "/templates",
        templateAnswer,
        form({
          elementName: t.elementName,
          languageCode: "es",
          content: t.content,
          example: t.example,
          category: "UTILITY",
          vertical: t.header.slice(0, 180),
          templateType: "TEXT",
          allowTemplateCategoryChange: "false",
        }),
      );
      return { id: answer.template.id, status: gupshupTemplateStatus(answer.template.status) };
    },
    async templateStatuses(appId): Promise<ProviderTemplateStatus[]> {
      const answer = await appCall("templates", appId, "/templates", templatesAnswer);
      return answer.templates.map((t) => ({
        id: t.id,
        status: gupshupTemplateStatus(t.status),
        reason: t.rejectedReason ?? t.reason ?? null,
        pausedUntil: t.pausedUntil ? new Date(t.pausedUntil) : null,
      }));
    },
    async send(appId, message) {
      const answer = await appCall("send", appId, "/v3/message", sendAnswer, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(messageBody(message)),
      });
      return { providerMessageId: answer.messages[0]?.id ?? null };
    },
  };
}
