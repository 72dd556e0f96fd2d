import { permissionChecker, type UploadPurpose } from "@taller/core";
import type { SessionUser } from "@taller/trpc";

/**
 * Who may upload a file for each purpose: the permission on the record it will attach to. A purpose whose record
 * is someone else's (an order's photo) will also take the record's id and check it belongs to the user's company.
 */
export const UPLOAD_RULES: Record<UploadPurpose, (user: SessionUser) => boolean> = {
  // Every staff member edits their own profile (settings page); account.update attaches only their own files.
  profile_picture: () => true,
  // A picture for a chat message: any staff member may upload one; chat.send attaches only the sender's own
  // uploads, to a chat the sender may read.
  chat_picture: () => true,
  // A budget's picture: who may change budgets; budgets.addPictures attaches only the uploader's own files, to a
  // budget of their company whose status still takes changes.
  budget_picture: (user) => permissionChecker(user.grants)("update", "budget"),
  // The company's logo (/admin preferences): who may change the preferences; admin.preferences.setLogo attaches only
  // the uploader's own file.
  company_logo: (user) => permissionChecker(user.grants)("update", "manager"),
  // A picture of a vehicle being received ('Recepción'): who may receive; orders.receive attaches only the
  // uploader's own files.
  order_picture: (user) => permissionChecker(user.grants)("create", "check_in"),
};
