import type { Role } from '@contracts/roles';
import type { LoginResponse, ProfileDto } from '@contracts/wire';
import { http } from '../../api/http';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** tenant slug from an invite link (`/register?tenant=slug`) */
  tenant?: string;
}

export const authApi = {
  login: (email: string, password: string) => http.post<LoginResponse>('/auth/login', { email, password }),
  register: (input: RegisterInput) => http.post<{ message: string; user: ProfileDto }>('/auth/register', input),
  /** a response with a user object that has an id */
  session: () => http.get<{ user: { id: number } & Partial<ProfileDto> }>('/auth/session'),
  profile: (id: number) => http.get<ProfileDto>(`/users/${id}`),
  logout: () => http.post<void>('/auth/logout'),
  updateMe: (body: { name?: string; currentPassword?: string; password?: string; confirmPassword?: string }) =>
    http.patch<ProfileDto>('/users/me', body),
};
