import type { Role, UserStatus } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { http } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useQuery } from '../../api/query-cache';

export interface UserUpdate {
  role?: Role;
  status?: UserStatus;
  active_org_id?: number | null;
}

export const adminApi = {
  users: () => http.get<ProfileDto[]>('/users'),
  updateUser: (id: number, body: UserUpdate) => http.put<ProfileDto>(`/users/${id}`, body),
  pending: () => http.get<ProfileDto[]>('/admin/users/pending'),
  approve: (id: number, body: { active_org_id?: number | null } = {}) => http.post<ProfileDto>(`/admin/users/${id}/approve`, body),
  decline: (id: number) => http.post<void>(`/admin/users/${id}/decline`, {}),
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The pending list, shared by the Pending Users page and the sidebar badge. */
export function usePendingUsers(enabled = true) {
  return useQuery(queryKeys.pendingUsers, async () => asList<ProfileDto>(await adminApi.pending()), { enabled });
}

export function useUsers() {
  return useQuery(queryKeys.users, async () => asList<ProfileDto>(await adminApi.users()));
}
