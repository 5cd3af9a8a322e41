/** User administration (issue 18 items 2 and 3): the calls behind `/alluser` and `/user-data`. */
export { staffCallerOf, assertStaff, assertAdministrator, loadVisibleUser, type ManagedUser, type StaffCaller } from './scope';
export { listUsers, siteNameOf, USER_PAGE_SIZE, type ListedUser, type ListedUsers, type PlanFilter } from './list-users';
export { createUser } from './add-member';
export { updateMember, resetMemberPassword, setMemberActivation, deleteMember, setAdminRights, withUserChange } from './change-member';
export { importUsers } from './import-users';
export { IMPORT_MAX_ROWS } from './user-file';
