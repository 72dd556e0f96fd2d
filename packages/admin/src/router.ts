import { router } from "@taller/trpc";
import { invitationAccept, invitationCheck } from "./invitation-accept";
import { rolesList } from "./roles";
import { usersInvite } from "./users-invite";
import { usersList } from "./users-list";
import { usersDeactivate, usersInvitationLink, usersReactivate, usersResetWorkpointCode, usersUpdate } from "./users-write";

export const adminRouter = router({
  users: router({
    list: usersList,
    invite: usersInvite,
    update: usersUpdate,
    deactivate: usersDeactivate,
    reactivate: usersReactivate,
    invitationLink: usersInvitationLink,
    resetWorkpointCode: usersResetWorkpointCode,
  }),
  roles: router({ list: rolesList }),
  invitation: router({ check: invitationCheck, accept: invitationAccept }),
});
