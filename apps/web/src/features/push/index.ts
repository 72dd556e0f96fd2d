// What other features use of the push feature: features reach into each other through this file only (lint boundary).
export { PushNotifications } from "./push-notifications";
