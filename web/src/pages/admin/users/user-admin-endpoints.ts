/** The calls of proto/src/user-admin.ts; passwords are encrypted for the server as at login. */
import type {
  AdminUserData,
  AdminUserItem,
  AdminUsersData,
  AdminUsersQuery,
  GrantCharsBody,
  ImportUsersData,
  MemberData,
  RemainingData,
  SetMembershipBody,
  UpdateUserBody,
} from '@mtp/proto';
import { encryptForServer } from '../../../api/endpoints';
import { api } from '../../../api/instance';
import { upload } from '../../../api/transfer';

export const USER_PAGE_SIZE = 10;

export function fetchUsers(query: AdminUsersQuery): Promise<AdminUsersData> {
  return api.get<AdminUsersData>('admin/users', { page_size: USER_PAGE_SIZE, ...query });
}

export function fetchUserAdminData(userId: number): Promise<AdminUserData> {
  return api.get<AdminUserData>('admin/user_data', { user_id: userId });
}

export type NewUserInput = { account: string; username: string; password: string; role?: 1 | 2; site_id?: number };

export async function createUser(input: NewUserInput): Promise<AdminUserItem> {
  return api.post<AdminUserItem>('admin/users/create', { ...input, password: await encryptForServer(input.password) });
}

export function updateUser(body: UpdateUserBody): Promise<AdminUserItem> {
  return api.post<AdminUserItem>('admin/users/update', body);
}

export async function setUserPassword(userId: number, password: string): Promise<unknown> {
  return api.post('admin/users/set_password', { user_id: userId, password: await encryptForServer(password) });
}

export function setUserActivated(userId: number, activated: boolean): Promise<unknown> {
  return api.post('admin/users/set_status', { user_id: userId, activated });
}

export function deleteUser(userId: number): Promise<unknown> {
  return api.post('admin/users/delete', { user_id: userId });
}

export function setAdminRights(userId: number, admin: boolean): Promise<unknown> {
  return api.post('admin/users/set_admin', { user_id: userId, admin });
}

export function setMembership(body: SetMembershipBody): Promise<MemberData> {
  return api.post<MemberData>('admin/users/set_membership', body);
}

export function grantChars(body: GrantCharsBody): Promise<RemainingData> {
  return api.post<RemainingData>('admin/users/grant_chars', body);
}

export function importUsers(file: File): Promise<ImportUsersData> {
  const form = new FormData();
  form.set('file', file);
  return upload<ImportUsersData>('admin/users/import', form);
}

/** The import template: a CSV with the header row and one example, written here (no call). */
export function importTemplateCsv(): string {
  return '\uFEFFaccount,username,password,role,site\r\nuser@example.com,Example,Passw0rd1,2,\r\n';
}
