import { router } from "@taller/trpc";
import { accounts } from "./accounts";
import { apps } from "./apps";
import { companies } from "./companies";
import { config } from "./config";
import { conversation } from "./conversation";
import { notifications } from "./notifications";
import { outbox } from "./outbox";
import { phones } from "./phones";
import { saveConfig } from "./save-config";
import { saveTemplate } from "./save-template";
import { send } from "./send";

export const messagingRouter = router({
  // the chat's WhatsApp option (staff who may create CRM managements)
  conversation,
  send,
  outbox,
  // the manager's WhatsApp screen (platform operators)
  companies,
  apps,
  accounts,
  phones,
  config,
  saveConfig,
  notifications,
  saveTemplate,
});
