import { router } from "@taller/trpc";
import { holidaysCreate } from "./holidays-create";
import { holidaysList } from "./holidays-list";
import { holidaysRemove } from "./holidays-remove";
import { invitationAccept, invitationCheck } from "./invitation-accept";
import { locationsCreate } from "./locations-create";
import { locationsList } from "./locations-list";
import { locationsRemove } from "./locations-remove";
import { locationsRename } from "./locations-rename";
import { preferencesGet } from "./preferences-get";
import { preferencesSetLogo } from "./preferences-set-logo";
import { preferencesUpdate } from "./preferences-update";
import { requirementsCreate } from "./requirements-create";
import { requirementsRemove } from "./requirements-remove";
import { requirementsList } from "./requirements-list";
import { requirementsUpdate } from "./requirements-update";
import { rolesList } from "./roles";
import { rolesCreate } from "./roles-create";
import { rolesRemove } from "./roles-remove";
import { rolesRename } from "./roles-rename";
import { rolesSetGrants } from "./roles-set-grants";
import { statusesCreate } from "./statuses-create";
import { statusesRemove } from "./statuses-remove";
import { statusesList } from "./statuses-list";
import { statusesReorder } from "./statuses-reorder";
import { statusesSetTransitions } from "./statuses-transitions";
import { statusesUpdate } from "./statuses-update";
import { usersInvite } from "./users-invite";
import { usersList } from "./users-list";
import {
  usersDeactivate,
  usersInvitationLink,
  usersReactivate,
  usersResetWorkpointCode,
  usersUpdate,
} from "./users-write";

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
  roles: router({
    list: rolesList,
    create: rolesCreate,
    rename: rolesRename,
    remove: rolesRemove,
    setGrants: rolesSetGrants,
  }),
  locations: router({ list: locationsList, create: locationsCreate, rename: locationsRename, remove: locationsRemove }),
  holidays: router({ list: holidaysList, create: holidaysCreate, remove: holidaysRemove }),
  invitation: router({ check: invitationCheck, accept: invitationAccept }),
  statuses: router({
    list: statusesList,
    create: statusesCreate,
    update: statusesUpdate,
    reorder: statusesReorder,
    remove: statusesRemove,
    setTransitions: statusesSetTransitions,
  }),
  requirements: router({
    list: requirementsList,
    create: requirementsCreate,
    update: requirementsUpdate,
    remove: requirementsRemove,
  }),
  preferences: router({ get: preferencesGet, update: preferencesUpdate, setLogo: preferencesSetLogo }),
});
